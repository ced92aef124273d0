/**
 * A file that shows one thing to one reader and another thing to another. Where the file's syntax
 * lets readers choose (duplicate objects, /Length against endstream, xref offsets against the
 * bytes, an update without its trailer, an embedded second document...), the read layer builds
 * each reading and compares what it shows (engine/read/pdf/structure/readings). Different text on
 * a page is the deception itself: the reviewer's viewer and an extraction pipeline see different
 * figures. The syntax damage alone, when every reading shows the same, is left to
 * structural-anomaly as context.
 */
import type { DetectorContext } from '../../facts/context.js';
import type { Disagreement, DisagreementKind } from '../../read/pdf/structure/readings/compare.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';

const EMITS = [{ flag: 'structural_anomaly', reasons: ['readers_disagree'] }] as const satisfies readonly Emit[];
type Found = DeclaredFinding<typeof EMITS>;

/** Strongest first: what decides the finding's strength and summary. */
const ORDER: readonly DisagreementKind[] = ['text', 'images', 'pages', 'drawing'];

const WHAT: Record<DisagreementKind, string> = {
  text: 'different text',
  images: 'different images',
  pages: 'a different number of pages',
  drawing: 'the same text drawn differently',
};

export const readerDisagreementDetector = defineDetector({
  meta: {
    id: 'structure/reader-disagreement',
    description: 'Readers that resolve the file’s ambiguous syntax differently (strict xref, byte scan, first or last definition) show different pages.',
    appliesTo: ['pdf'],
    needs: ['readings'],
    emits: EMITS,
  },
  run(ctx: DetectorContext): Found[] {
    const cmp = ctx.facts.now('readings');
    if (!cmp?.disagreements.length) return [];
    const kind = ORDER.find((k) => cmp.disagreements.some((d) => d.kind === k))!;
    const lead = cmp.disagreements.find((d) => d.kind === kind)!;
    const pages = [...new Set(cmp.disagreements.filter((d) => d.kind !== 'drawing' || kind === 'drawing').map((d) => d.page))].sort((a, b) => a - b);
    return [
      {
        flag: 'structural_anomaly',
        code: 'structural_anomaly.readers_disagree',
        summary: summarize(lead),
        pages,
        evidence: {
          readings: cmp.readings,
          choices: cmp.choices,
          disagreements: cmp.disagreements,
        },
        strength: STRENGTH['structural_anomaly.readers_disagree'][kind],
      },
    ];
  },
});

function summarize(d: Disagreement): string {
  const [a, b] = d.readings;
  const objects = d.objects
    .slice(0, 3)
    .map((o) => `object ${o.num} at ${where(o.first)} vs ${where(o.second)}`)
    .join('; ');
  const cause = objects ? ` The readings take ${objects}.` : '';
  if (d.kind === 'pages')
    return `The ${a} reading shows ${d.pageCounts[0]} page(s), the ${b} reading ${d.pageCounts[1]}: a reader's choice decides what the document contains.${cause}`;
  const words = d.kind === 'text' ? `: “${d.changed[0] || '(nothing)'}” against “${d.changed[1] || '(nothing)'}”` : '';
  return `On page ${d.page}, the ${a} reading and the ${b} reading show ${WHAT[d.kind]}${words}: the file reads differently depending on the viewer.${cause}`;
}

function where(p: Disagreement['objects'][number]['first']): string {
  if (!p) return 'nothing';
  if (p.offset < 0) return 'an object stream';
  return p.length !== undefined ? `offset ${p.offset} (${p.length} bytes of data)` : `offset ${p.offset}`;
}
