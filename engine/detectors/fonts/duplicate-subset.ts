/**
 * Two subsets of the same font (ABCDEF+Arial and GHIJKL+Arial). A producer writes one subset per
 * font per document; an editor that types new text embeds its own, second subset. Producers do
 * split a font into several subsets when one runs out of codes or for another encoding, but then
 * the subsets hold different characters, so only subsets that can draw the same letters or digits
 * count. Strong when the second subset draws a small spot on a page the first one fills.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import type { TextRun } from '../../read/pdf/text/types.js';
import { alnumSet, describeRun, fontUses, quote, runRegion, unionBox, visibleChars, type FontUse } from './font-query.js';
import { ghostscriptHeader, officeSubsetTags } from '../../kit/writer-signature.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH, STRENGTH_CAP } from '../strengths.js';

const THRESHOLDS = {
  smallShare: { value: 0.25, why: 'The minor subset is "a small spot" when it draws at most this share of the font\'s text on the page.' },
  smallRuns: { value: 6, why: 'A spot is a few words: at most this many runs in the minor subset.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/**
 * Writers that embed one subset per font *instance* (size, feature set, colour or scale):
 * XeTeX (xdvipdfmx), LuaTeX, dvipdfmx, macOS Quartz, Word and WeasyPrint (one per Pango font,
 * so per size); dvips, whose PostScript re-encodes a Type 1 font per TeX encoding (OT1, T1,
 * TS1) and figure style, each re-encoded font becoming a subset of its own in the distilled PDF;
 * and cairo, which keeps an 8-bit "latin" subset of a font beside a composite one for the glyphs
 * that have no code there (ligatures, and alternates such as a single-storey "a" that text
 * extraction spells as the plain letter). Small caps, old-style figures, alternates or a scaled
 * heading then come from a second subset of the same font, in the file as first written.
 * Ghostscript, likewise, makes a subset of every font its PostScript input defines, and each
 * included EPS figure or re-downloading print driver defines its own copy.
 */
const PER_INSTANCE_SUBSETS =
  /xdvipdfmx|\bxetex\b|luatex|luahbtex|dvipdfm|quartz pdfcontext|mac os x|\bmacos\b|microsoft.{0,6}word|weasyprint|\bcairo\b|\bdvips\b|ghostscript/i;

/**
 * Ligatures (fi, fl, ff, ffi, ffl, and the discretionary ct, st, Th) as text extraction spells
 * them out. Writers that keep an 8-bit subset of a font (cairo's "latin" subsets, for one) have
 * no code for a ligature glyph there and put it in a second, composite subset of the same font:
 * its text then repeats letters of the first subset although the glyphs are different.
 */
const LIGATURES_ONLY = /^(?:ffi|ffl|ff|fi|fl|ft|st|ct|Th)+$/;

const EMITS = [{ flag: 'font_inconsistency', reasons: ['duplicate_subset', 'duplicate_subset_across_pages'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const duplicateSubsetDetector = defineDetector({
  meta: {
    id: 'fonts/duplicate-subset',
    description: 'The same font embedded as two subsets that draw the same characters, the second one only in a small spot.',
    appliesTo: ['pdf'],
    needs: ['metadata', 'pages', 'revisions'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const imported = importedFonts(ctx.pages);
    const groups = new Map<string, FontUse[]>();
    for (const use of fontUses(ctx.pages).values()) {
      // Imported graphics (a chart, a logo page) carry their own subsets; that is not an edit.
      if (!use.facts.subsetTag || use.facts.type3 || imported.has(use.name)) continue;
      const list = groups.get(use.facts.baseName) ?? [];
      list.push(use);
      groups.set(use.facts.baseName, list);
    }
    const findings: Found[] = [];
    for (const [baseName, subsets] of groups) {
      if (subsets.length < 2) continue;
      const samePage = samePageFindings(baseName, subsets);
      findings.push(...(samePage.length ? samePage : acrossPages(baseName, subsets)));
    }
    return findings.length && perInstanceWriter(ctx) ? findings.map(asProducerHabit) : findings;
  },
});

/**
 * The file as its writer left it (no later update) and a writer known for per-instance subsets:
 * named in the metadata, or, where the metadata no longer names it (stripped, or the file
 * rewritten by a library such as PyPDF4 attaching an e-invoice), known by the marks it leaves in
 * the bytes: Ghostscript's header, Office's subset numbering.
 */
function perInstanceWriter(ctx: DetectorContext): boolean {
  const m = ctx.facts.now('metadata');
  const writer = `${m?.producer ?? ''} ${m?.creator ?? ''}`;
  const untouched = ctx.revisions.every((r) => r.kind === 'original' || r.kind === 'linearization');
  if (!untouched) return false;
  return PER_INSTANCE_SUBSETS.test(writer) || ghostscriptHeader(ctx.bytes) || officeSubsetTags(subsetTags(ctx.pages));
}

/** Every subset tag of the fonts the pages use (an editor's font included, whatever it draws). */
function subsetTags(pages: DetectorContext['pages']): string[] {
  const tags = new Set<string>();
  for (const page of pages) for (const font of Object.values(page.fonts ?? {})) if (font.subsetTag) tags.add(font.subsetTag);
  return [...tags];
}

function asProducerHabit(f: Found): Found {
  return {
    ...f,
    summary: `${f.summary} Its writer embeds one subset per font instance, so this is context.`,
    strength: Math.min(f.strength, STRENGTH_CAP.perInstanceSubsets),
  };
}

function samePageFindings(baseName: string, subsets: FontUse[]): Found[] {
  const findings: Found[] = [];
  const pages = new Set(subsets.flatMap((s) => [...s.pages]));
  for (const page of [...pages].sort((a, b) => a - b)) {
    const onPage = subsets
      .map((s) => ({ use: s, runs: s.runs.filter((r) => r.page === page) }))
      .filter((s) => s.runs.length > 0)
      .map((s) => ({ ...s, chars: s.runs.reduce((n, r) => n + visibleChars(r.text), 0) }))
      .sort((a, b) => b.chars - a.chars);
    if (onPage.length < 2) continue;
    const major = onPage[0];
    const majorChars = alnumSet(major.runs);
    for (const minor of onPage.slice(1)) {
      if (ligaturesOnly(minor.runs)) continue;
      const shared = [...alnumSet(minor.runs)].filter((ch) => majorChars.has(ch));
      if (shared.length === 0) continue;
      const share = minor.chars / (major.chars + minor.chars);
      const meaningfulOverlap = shared.some((ch) => /\p{N}/u.test(ch)) || shared.length >= 2;
      const small = share <= T.smallShare && minor.runs.length <= T.smallRuns && meaningfulOverlap;
      findings.push(finding(page, baseName, major.use.name, minor.use.name, minor.runs, shared, small));
    }
  }
  return findings;
}

function ligaturesOnly(runs: readonly TextRun[]): boolean {
  return runs.every((r) => LIGATURES_ONLY.test(r.text.replace(/\s+/g, '')));
}

function finding(page: number, baseName: string, major: string, minor: string, runs: TextRun[], shared: string[], small: boolean): Found {
  return {
    flag: 'font_inconsistency',
    code: 'font_inconsistency.duplicate_subset',
    summary: small
      ? `On page ${page} a second copy of font ${baseName} (${minor}) draws only ${quote(runs)}, while ${major} draws the rest of the page.`
      : `Page ${page} uses two copies of font ${baseName} (${major} and ${minor}) for the same characters.`,
    pages: [page],
    evidence: {
      page,
      bbox: unionBox(runs),
      regions: runs.slice(0, 8).map(runRegion),
      fonts: [major, minor],
      runs: runs.slice(0, 8).map(describeRun),
      sharedCharacters: shared.slice(0, 20).join(''),
    },
    strength: small ? STRENGTH['font_inconsistency.duplicate_subset'].small : STRENGTH['font_inconsistency.duplicate_subset'].large,
  };
}

/** Fonts whose every drawn text sits inside form XObjects (imported graphics or pages). */
function importedFonts(pages: DetectorContext['pages']): Set<string> {
  const inForm = new Map<string, boolean>();
  for (const page of pages) {
    for (const op of page.paint ?? []) {
      if (op.kind !== 'text') continue;
      const name = page.fonts?.[op.fontId]?.name ?? op.fontId;
      inForm.set(name, (inForm.get(name) ?? true) && !!op.inForm);
    }
  }
  return new Set([...inForm].filter(([, only]) => only).map(([name]) => name));
}

/** Subsets on different pages: merged documents do this; one page with its own subset is a weak hint. */
function acrossPages(baseName: string, subsets: FontUse[]): Found[] {
  const single = subsets.filter((s) => s.pages.size === 1);
  const spread = subsets.filter((s) => s.pages.size >= 2);
  if (single.length !== 1 || spread.length === 0) return [];
  const odd = single[0];
  if (ligaturesOnly(odd.runs)) return [];
  const main = spread.sort((a, b) => b.chars - a.chars)[0];
  const mainChars = alnumSet(main.runs);
  const shared = [...alnumSet(odd.runs)].filter((ch) => mainChars.has(ch));
  if (shared.length === 0) return [];
  const page = [...odd.pages][0];
  return [
    {
      flag: 'font_inconsistency',
      code: 'font_inconsistency.duplicate_subset_across_pages',
      summary: `Page ${page} draws ${baseName} from its own subset (${odd.name}) while pages ${[...main.pages].join(', ')} share ${main.name}.`,
      pages: [page],
      evidence: { page, bbox: unionBox(odd.runs), regions: odd.runs.slice(0, 8).map(runRegion), fonts: [main.name, odd.name] },
      strength: STRENGTH['font_inconsistency.duplicate_subset_across_pages'],
    },
  ];
}
