/**
 * AI origin declared in a C2PA manifest: an action whose digitalSourceType is a trained-model
 * term (created by a generator, or composited with generated content), or a claim generator /
 * software agent that is a known image generator. A manifest that records a camera capture and
 * nothing generated stays quiet.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { readC2pa, type C2paManifestSummary } from '../../read/provenance/c2pa.js';
import { generatorNamed } from '../../read/provenance/generators.js';
import { aiSourceKind, sourceTypeName } from '../../read/provenance/source-types.js';
import { STRENGTH } from '../strengths.js';

function sourceTypeFindings(manifests: C2paManifestSummary[]): Found[] {
  const out = new Map<string, Found>();
  for (const m of manifests) {
    for (const a of m.actions) {
      const kind = aiSourceKind(a.digitalSourceType);
      if (!kind) continue;
      const code = kind === 'generated' ? 'ai_generated.c2pa_generated' : 'ai_generated.c2pa_composite';
      const where = m.active ? 'its content credentials' : 'the content credentials of an ingredient';
      const agent = a.softwareAgent ? ` by ${a.softwareAgent}` : '';
      const summary =
        kind === 'generated'
          ? `The image is declared AI-generated in ${where}: action ${a.action}${agent} with source type ${sourceTypeName(a.digitalSourceType!)}.`
          : `The image is declared to combine AI-generated content in ${where}: action ${a.action}${agent} with source type ${sourceTypeName(a.digitalSourceType!)}.`;
      const strength =
        kind === 'generated' ? STRENGTH['ai_generated.c2pa_generated'][m.active ? 'active' : 'ingredient'] : STRENGTH['ai_generated.c2pa_composite'].declared;
      const prev = out.get(code);
      if (!prev || prev.strength < strength) {
        out.set(code, {
          flag: 'ai_generated',
          code,
          summary,
          pages: [1],
          strength,
          evidence: {
            manifest: m.label,
            claimGenerator: m.claimGenerator,
            action: a.action,
            digitalSourceType: a.digitalSourceType,
            softwareAgent: a.softwareAgent ?? null,
          },
        });
      }
    }
  }
  return [...out.values()];
}

function generatorFinding(manifests: C2paManifestSummary[]): Found | null {
  for (const m of manifests) {
    const names = [m.claimGenerator, ...m.actions.map((a) => a.softwareAgent ?? '')];
    for (const n of names) {
      const gen = n ? generatorNamed(n) : null;
      if (!gen) continue;
      return {
        flag: 'ai_generated',
        code: 'ai_generated.c2pa_generator',
        summary: `The image's content credentials were written by ${gen} ("${n}"), an image generator.`,
        pages: [1],
        strength: STRENGTH['ai_generated.c2pa_generator'],
        evidence: { manifest: m.label, claimGenerator: m.claimGenerator, generator: gen, name: n },
      };
    }
  }
  return null;
}

const EMITS = [{ flag: 'ai_generated', reasons: ['c2pa_generated', 'c2pa_composite', 'c2pa_generator'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const c2paAiDetector = defineDetector({
  meta: {
    id: 'provenance/c2pa-ai',
    description: 'C2PA content credentials that declare generative-AI creation or compositing.',
    appliesTo: ['image'],
    needs: ['image'],
    emits: EMITS,
  },
  async run(ctx) {
    const jumbf = ctx.image?.jumbf;
    if (!jumbf) return [];
    const c2pa = await readC2pa(jumbf);
    if (c2pa.parsed) {
      const found = sourceTypeFindings(c2pa.manifests);
      if (found.length) return found;
      const gen = generatorFinding(c2pa.manifests);
      return gen ? [gen] : [];
    }
    // Unparseable store: fall back to source-type terms found verbatim in it.
    const kinds = c2pa.rawSourceTypes.map((t) => ({ t, kind: aiSourceKind(t) })).filter((x) => x.kind);
    return kinds.slice(0, 1).map(({ t, kind }) => ({
      flag: 'ai_generated' as const,
      code: kind === 'generated' ? 'ai_generated.c2pa_generated' : 'ai_generated.c2pa_composite',
      summary: `The image's content credentials (not fully readable) name the AI source type ${sourceTypeName(t)}.`,
      pages: [1],
      strength: STRENGTH[kind === 'generated' ? 'ai_generated.c2pa_generated' : 'ai_generated.c2pa_composite'].unreadableStore,
      evidence: { digitalSourceType: t, manifestReadable: false },
    }));
  },
});
