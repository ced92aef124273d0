/**
 * A font that does not belong to the producer's set: the same face both embedded and not (an
 * editor typed with the system copy of a font the producer embedded), or a lone non-embedded or
 * Type3 font drawing a few words in a document whose text is otherwise all embedded fonts.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import { fontFamily } from '../../read/pdf/text/fonts.js';
import { describeRun, fontUses, quote, runRegion, unionBox, type FontUse } from './font-query.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  fewRuns: { value: 6, why: '"A few words": at most this many runs (with one of the shares below).' },
  smallShare: { value: 0.15, why: 'A few words of a face are at most this share of its characters; more is the producer mixing both copies.' },
  minorityShare: { value: 0.03, why: "A lone outsider font draws at most this share of the document's characters." },
  mostlyEmbedded: { value: 0.9, why: 'The rest of the document must be this consistently embedded for a lone outsider to stand out.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/**
 * The 35 fonts every PostScript printer holds (Times, Helvetica, Courier, Symbol, Zapf Dingbats,
 * Palatino, New Century Schoolbook, Bookman, Avant Garde, Zapf Chancery, Helvetica Narrow).
 */
const RESIDENT_POSTSCRIPT =
  /^(?:Times-(?:Roman|Bold|Italic|BoldItalic)|(?:Helvetica|Helvetica-Narrow)(?:-Bold|-Oblique|-BoldOblique)?|Courier(?:-Bold|-Oblique|-BoldOblique)?|Symbol|ZapfDingbats|Palatino-(?:Roman|Bold|Italic|BoldItalic)|NewCenturySchlbk-(?:Roman|Bold|Italic|BoldItalic)|Bookman-(?:Light|Demi|LightItalic|DemiItalic)|AvantGarde-(?:Book|Demi|BookOblique|DemiOblique)|ZapfChancery-MediumItalic)$/;
const DVIPS = /\bdvips/i;

const EMITS = [{ flag: 'font_inconsistency', reasons: ['embedded_and_not', 'unembedded_minority', 'type3_minority'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const foreignFontDetector = defineDetector({
  meta: {
    id: 'fonts/foreign-font',
    description: 'A face both embedded and not, or a lone non-embedded or Type3 font drawing a few words among embedded fonts.',
    appliesTo: ['pdf'],
    needs: ['metadata', 'pages', 'revisions'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const uses = [...fontUses(ctx.pages).values()].filter((u) => u.chars > 0);
    const total = uses.reduce((n, u) => n + u.chars, 0);
    if (total === 0) return [];
    const findings: Found[] = [];
    const reported = new Set<string>();

    const faces = new Map<string, FontUse[]>();
    for (const u of uses) {
      if (u.facts.type3) continue;
      const key = `${fontFamily(u.facts.baseName)}|${u.facts.bold}|${u.facts.italic}`;
      faces.set(key, [...(faces.get(key) ?? []), u]);
    }
    for (const group of faces.values()) {
      const embedded = group.filter((u) => u.facts.embedded);
      const loose = group.filter((u) => !u.facts.embedded);
      if (embedded.length === 0 || loose.length === 0) continue;
      const looseChars = loose.reduce((n, u) => n + u.chars, 0);
      const groupChars = group.reduce((n, u) => n + u.chars, 0);
      const runs = loose.flatMap((u) => u.runs).filter((r) => /[\p{L}\p{N}]/u.test(r.text));
      loose.forEach((u) => reported.add(u.name));
      // A producer that mixes both copies throughout is a habit; a few words in the loose copy are a patch.
      const small = runs.length > 0 && looseChars / groupChars <= T.smallShare && runs.length <= T.fewRuns;
      if (!small) continue;
      findings.push({
        flag: 'font_inconsistency',
        code: 'font_inconsistency.embedded_and_not',
        summary: `Font ${loose[0].facts.baseName} is embedded (${embedded[0].name}) but ${quote(runs)} ${runs.length === 1 ? 'is' : 'are'} drawn with a non-embedded copy of it.`,
        pages: pagesOf(runs),
        evidence: {
          page: runs[0].page,
          bbox: unionBox(runs),
          regions: runs.slice(0, 8).map(runRegion),
          fonts: [embedded[0].name, ...loose.map((u) => u.name)],
          runs: runs.slice(0, 8).map(describeRun),
        },
        strength: STRENGTH['font_inconsistency.embedded_and_not'],
      });
    }

    const embeddedChars = uses.filter((u) => u.facts.embedded && !u.facts.type3).reduce((n, u) => n + u.chars, 0);
    if (embeddedChars / total < T.mostlyEmbedded) return findings;
    const resident = printerResidentFonts(ctx);
    for (const u of uses) {
      if (reported.has(u.name) || (u.facts.embedded && !u.facts.type3)) continue;
      if (resident && !u.facts.type3 && RESIDENT_POSTSCRIPT.test(u.facts.baseName)) continue;
      if (u.runs.length > T.fewRuns || u.chars / total > T.minorityShare) continue;
      if (!u.runs.some((r) => /[\p{L}\p{N}]/u.test(r.text))) continue;
      const type3 = u.facts.type3;
      findings.push({
        flag: 'font_inconsistency',
        code: type3 ? 'font_inconsistency.type3_minority' : 'font_inconsistency.unembedded_minority',
        summary: `${quote(u.runs)} ${u.runs.length === 1 ? 'is' : 'are'} drawn with ${type3 ? 'a Type3 font' : 'the non-embedded font'} ${u.name}, while the rest of the document uses embedded fonts.`,
        pages: pagesOf(u.runs),
        evidence: {
          page: u.runs[0].page,
          bbox: unionBox(u.runs),
          regions: u.runs.slice(0, 8).map(runRegion),
          fonts: [u.name],
          runs: u.runs.slice(0, 8).map(describeRun),
        },
        strength: STRENGTH[type3 ? 'font_inconsistency.type3_minority' : 'font_inconsistency.unembedded_minority'],
      });
    }
    return findings;
  },
});

/**
 * TeX through dvips: dvips's font map leaves the printer's 35 resident fonts out of the PostScript
 * (TeX Live's updmap default `dvipsDownloadBase35 false`), and Ghostscript's or Distiller's default
 * settings never embed the standard 14 of them, so a title in Helvetica-Bold or a copyright line
 * in Times-Italic stays unembedded beside the embedded TeX fonts (grobid's SPAA'04 paper). That is
 * the map's design, in a file as dvips's interpreter wrote it; a later update adding such a font
 * is still an outsider.
 */
function printerResidentFonts(ctx: DetectorContext): boolean {
  const m = ctx.facts.now('metadata');
  if (!DVIPS.test(`${m?.creator ?? ''} ${m?.producer ?? ''}`)) return false;
  return ctx.revisions.every((r) => r.kind === 'original' || r.kind === 'linearization');
}

function pagesOf(runs: ReadonlyArray<{ page: number }>): number[] {
  return [...new Set(runs.map((r) => r.page))].sort((a, b) => a - b);
}
