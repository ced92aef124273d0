/**
 * A figure drawn differently from its neighbours: in a table column or on a line where the other
 * figures share one font and size, one value uses another face, another size or sits off the
 * common baseline -- what a changed amount typed in by an editor looks like. Weight and slant
 * variants of the same face (bold totals) are normal, as are headings and footers, which differ
 * in size from the table and are not aligned with its figures.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import { fontFamily, splitSubset } from '../../read/pdf/text/fonts.js';
import { isRecognisedTextPage } from '../../read/pdf/text/image-only.js';
import type { PageLayer, TextRun } from '../../read/pdf/text/types.js';
import { describeRun, fontUses, isFigure, runRegion } from './font-query.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

const THRESHOLDS = {
  align: { value: 0.012, why: 'Left or right edges this close (page fraction) are one column.' },
  columnReach: { value: 0.25, why: 'Vertical reach of a column around the figure (page fraction): the table it sits in, not the page.' },
  minNeighbours: { value: 3, why: 'A face is odd only against at least three aligned neighbours.' },
  dominantShare: { value: 0.75, why: 'The neighbours agree on one face (three in four) before another face stands out among them.' },
  maxPatchUses: { value: 3, why: 'A font used for more spots than this in the document is part of the layout, not a patch.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const EMITS = [{ flag: 'font_inconsistency', reasons: ['isolated_font', 'size_mismatch', 'baseline_shift'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const isolatedFontDetector = defineDetector({
  meta: {
    id: 'fonts/isolated-font',
    description: 'A figure whose font, size or baseline differs from the figures aligned with it in its column or line.',
    appliesTo: ['pdf'],
    needs: ['pages'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const docUses = new Map<string, number>();
    for (const [name, use] of fontUses(ctx.pages)) docUses.set(name, use.runs.length);
    const findings: Found[] = [];
    // OCR'd pages (engine/ocr) have no fonts: their sizes and baselines are estimates from line boxes.
    // A scan's own text layer (a scanner's or Acrobat's Paper Capture OCR, drawn invisibly over the
    // picture) is no better: its fonts are the recogniser's guess per word, and nobody sees them.
    // Nor is a recogniser's text drawn visibly over the picture in the inks it measured per word.
    for (const page of ctx.pages) {
      if (page.source !== 'ocr' && !page.imageOnly && !isRecognisedTextPage(page)) findings.push(...pageFindings(page, docUses));
    }
    return findings;
  },
});

function pageFindings(page: PageLayer, docUses: Map<string, number>): Found[] {
  const figures = page.runs.filter((r) => isFigure(r.text));
  if (figures.length <= T.minNeighbours) return [];
  const findings: Found[] = [];
  for (const run of figures) {
    // One pass for both (sameColumn excludes the line mates): a long statement has ~100 figures a page.
    const column: TextRun[] = [];
    const line: TextRun[] = [];
    for (const o of figures) {
      if (o === run) continue;
      if (sameLine(run, o)) line.push(o);
      else if (sameColumn(run, o)) column.push(o);
    }
    // Only cells inside a grid: a figure with row mates, or with column mates above and below it.
    // A lone line over a table (an account number in a monospace face) is layout, not an edit.
    const inGrid = line.length > 0 || (column.some((o) => o.bbox[1] < run.bbox[1]) && column.some((o) => o.bbox[1] > run.bbox[1]));
    if (!inGrid) continue;
    // Column and line mates are disjoint: together they are the figures aligned with this one.
    const found =
      fontFinding(run, column, line, docUses.get(run.fontName) ?? 0, page.runs) ?? sizeFinding(run, column, page.runs) ?? baselineFinding(run, line, page);
    if (found) findings.push(found);
  }
  return findings;
}

function sameColumn(a: TextRun, b: TextRun): boolean {
  if (Math.abs(a.bbox[1] - b.bbox[1]) > T.columnReach || sameLine(a, b)) return false;
  return Math.abs(a.bbox[2] - b.bbox[2]) <= T.align || Math.abs(a.bbox[0] - b.bbox[0]) <= T.align;
}

function sameLine(a: TextRun, b: TextRun): boolean {
  return Math.abs(a.baseline - b.baseline) <= 0.3 * Math.min(a.size, b.size);
}

function dominant<T>(items: readonly T[], key: (t: T) => string): { key: string; items: T[] } | null {
  const groups = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const group = groups.get(k);
    if (group) group.push(it);
    else groups.set(k, [it]);
  }
  const best = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0];
  return best && best[1].length / items.length >= T.dominantShare ? { key: best[0], items: best[1] } : null;
}

function fontFinding(run: TextRun, column: readonly TextRun[], line: readonly TextRun[], uses: number, pageRuns: readonly TextRun[]): Found | null {
  if (column.length + line.length < T.minNeighbours || uses > T.maxPatchUses) return null;
  const neighbours = [...column, ...line];
  const dom = dominant(neighbours, (r) => r.fontName);
  if (!dom || dom.key === run.fontName) return null;
  if (sameFamily(dom.key, run.fontName)) return null;
  // TeX and OpenType maths set digits in the maths italic or symbol font beside text-font
  // digits (an italic index next to roman figures): typesetting, not a retyped value.
  if (isMathFont(dom.key) || isMathFont(run.fontName) || afterMathSymbol(run, pageRuns)) return null;
  if (oneEmbeddingPass(dom.key, run.fontName)) return null;
  const domSize = dom.items[0].size;
  if (Math.abs(run.size - domSize) > 0.15 * domSize) return null;
  return {
    flag: 'font_inconsistency',
    code: 'font_inconsistency.isolated_font',
    summary: `"${run.text.trim()}" on page ${run.page} is drawn in ${run.fontName}, while the ${dom.items.length} figures aligned with it use ${dom.key}.`,
    pages: [run.page],
    evidence: {
      page: run.page,
      bbox: run.bbox,
      regions: [runRegion(run), ...dom.items.slice(0, 3).map(runRegion)],
      fonts: [dom.key, run.fontName],
      run: describeRun(run),
      neighbours: dom.items.slice(0, 5).map(describeRun),
    },
    strength: uses <= 1 ? STRENGTH['font_inconsistency.isolated_font'].usedOnce : STRENGTH['font_inconsistency.isolated_font'].usedMore,
  };
}

/**
 * Both faces carry the same subset tag: writers that tag every subset of a document alike
 * (Google Sheets' `MUFUZY+ArialMT` beside `MUFUZY+GoogleSansMono-Regular` for a cell formatted in
 * another font) embedded them in one pass, so the odd face was there when the page was written.
 * A value patched in later comes with the editor's own subset, tagged apart.
 */
function oneEmbeddingPass(a: string, b: string): boolean {
  const ta = splitSubset(a).subsetTag;
  return !!ta && ta === splitSubset(b).subsetTag;
}

/**
 * A formula's figure: TeX sets maths digits in the maths roman font (CMR beside a Libertine
 * text face) right after a relation or operator from a maths font ("(⩾ 0)" among a changelog's
 * page references, yathesis).
 */
function afterMathSymbol(run: TextRun, pageRuns: readonly TextRun[]): boolean {
  let before: TextRun | null = null;
  for (const o of pageRuns) {
    if (o === run || !sameLine(run, o) || o.bbox[2] > run.bbox[0] + 0.002) continue;
    if (!before || o.bbox[2] > before.bbox[2]) before = o;
  }
  return !!before && isMathFont(before.fontName);
}

/**
 * Weight, slant, small-caps and figure-style variants of one family, as their writers name them:
 * `Arial-BoldMT`, `TeXPalladioL-ItalicOsF` beside `TeXPalladioL-SC` (family, hyphen, style), TeX's
 * Karl Berry names (`CMBX7` beside `CMR7`, cm-super's `SFTI0900` beside `SFRM0900`, Latin
 * Modern's `LMRI10`), and the same font re-encoded by dvips or Ghostscript (`~2c`, `~29`).
 * An emphasised figure in its family's italic or bold is typesetting, not a retyped value.
 */
const TEX_BERRY = /^(cm|ec|tc|sf|lm)(?:r|rm|bx|b|ti|it|bxti|sl|bxsl|cc|csc|tt|itt|sltt|ss|ssbx|ssi|ssdc|dunh|fib|fi|u|vtt|bi|ri|o|bo)\d{1,4}$/i;

/**
 * Latin Modern's OpenType and Type 1 faces name their design size (`LMMono9-Regular`,
 * `LMMono10-Italic`, `LMRoman12-Bold`, `LMSansQuot8`), and not every style exists in every
 * size: LM Mono's italic is cut at 10 pt only, so a 9 pt italic page number in an index set in
 * LMMono9 is drawn with LMMono10-Italic. Sizes of one family are one face.
 */
const DESIGN_SIZE = /^(lm[a-z]+?)\d{1,2}$/i;

function styleFree(name: string): string {
  const base = splitSubset(name).baseName.replace(/~[0-9a-f]+$/i, '');
  const tex = TEX_BERRY.exec(base);
  if (tex) return `tex:${tex[1].toLowerCase()}`;
  const hyphen = base.lastIndexOf('-');
  const family = hyphen > 0 ? base.slice(0, hyphen).toLowerCase() : fontFamily(base);
  return family.replace(DESIGN_SIZE, '$1');
}

function sameFamily(a: string, b: string): boolean {
  return fontFamily(a) === fontFamily(b) || styleFree(a) === styleFree(b);
}

/**
 * Maths fonts: Computer Modern / Latin Modern / AMS maths italic, symbol and extension fonts,
 * their Times / Palatino / Fourier counterparts (txfonts, pxfonts, mathptmx, fourier) and
 * OpenType maths fonts. No issuing system prints a statement with them.
 */
const MATH_FONT =
  /^(?:cmmi|cmmib|cmsy|cmbsy|cmex|cmitt|cmti|cmbxti|cmsl|lmmathitalic|lmmathsymbols|lmmathextension|lmroman\d*-italic|lmroman\d*-slanted|msam|msbm|eufm|eufb|eusm|rsfs|stmary|wasy|esint|txmi|txsy|txex|pxmi|pxsy|pxex|rtxmi|rtxsy|zxmi|zxsy|ptmri7t|ztmcm|mt2mi|mt2sy|mt2ex|futmi|fourier|mdbch|mdput|mdugm|cmr.*italic)|math/i;

export function isMathFont(fontName: string): boolean {
  return MATH_FONT.test(splitSubset(fontName).baseName.replace(/^[A-Z]{6}\+/, ''));
}

function sizeFinding(run: TextRun, column: TextRun[], all: readonly TextRun[]): Found | null {
  const same = column.filter((r) => r.fontName === run.fontName);
  if (same.length < T.minNeighbours) return null;
  const size = same[0].size;
  if (same.some((r) => Math.abs(r.size - size) > 0.02 * size)) return null;
  // A few percent is an edit that tried to match; a heading or footnote differs by far more.
  const diff = Math.abs(run.size - size) / size;
  if (diff <= 0.05 || diff > 0.3) return null;
  const twins = all.filter((r) => r !== run && r.fontName === run.fontName && Math.abs(r.size - run.size) <= 0.02 * run.size);
  if (twins.length > 0) return null;
  const lineMates = all.filter((r) => r !== run && sameLine(r, run));
  // A bare number alone on its line is a page or line number, set in the furniture's own size.
  if (/^\d+$/.test(run.text.trim()) && lineMates.length === 0) return null;
  // The words of its line are set at its size (in another face): the whole line is a heading or
  // caption ("3.3 Results" at 12 pt over a 10.5 pt list). A value patched into a row stands
  // alone at its size; the row's other words keep the column's.
  if (lineMates.some((r) => !isFigure(r.text) && Math.abs(r.size - run.size) <= 0.02 * run.size)) return null;
  return {
    flag: 'font_inconsistency',
    code: 'font_inconsistency.size_mismatch',
    summary: `"${run.text.trim()}" on page ${run.page} is ${run.size}pt while the ${same.length} figures aligned with it in the same font are ${size}pt.`,
    pages: [run.page],
    evidence: {
      page: run.page,
      bbox: run.bbox,
      regions: [runRegion(run), ...same.slice(0, 3).map(runRegion)],
      fonts: [run.fontName],
      run: describeRun(run),
      neighbours: same.slice(0, 5).map(describeRun),
    },
    strength: STRENGTH['font_inconsistency.size_mismatch'],
  };
}

function hasLineOfItsOwn(run: TextRun, page: PageLayer): boolean {
  const reach = (3 * run.size) / (page.width || 612);
  return page.runs.some(
    (r) => r !== run && Math.abs(r.baseline - run.baseline) <= 0.15 && r.bbox[0] - run.bbox[2] <= reach && run.bbox[0] - r.bbox[2] <= reach,
  );
}

/**
 * Multi-column pages (an index, a bibliography, a glossary) set each column on its own
 * baseline grid: the lines above and below the figure, in its own column, sit off the other
 * column's lines by the same amount. A value dropped off its row is alone in being off.
 */
function columnOnItsOwnGrid(run: TextRun, shift: number, mates: TextRun[], page: PageLayer): boolean {
  const mate = mates[0];
  const overlaps = (a: TextRun, b: { bbox: readonly number[] }) => a.bbox[0] < b.bbox[2] && a.bbox[2] > b.bbox[0];
  let agreeing = 0;
  for (const above of page.runs) {
    if (above === run || !overlaps(above, run) || sameLine(above, run) || Math.abs(above.baseline - run.baseline) > 12 * run.size) continue;
    const partner = page.runs.find((m) => m !== above && overlaps(m, mate) && Math.abs(m.baseline - above.baseline) <= 0.3 * run.size);
    if (partner && Math.abs(above.baseline - partner.baseline - shift) <= 0.15) agreeing++;
    if (agreeing >= 2) return true;
  }
  return false;
}

function baselineFinding(run: TextRun, line: TextRun[], page: PageLayer): Found | null {
  const same = line.filter((r) => r.fontName === run.fontName && Math.abs(r.size - run.size) <= 0.02 * run.size);
  if (same.length < 3) return null;
  const baselines = same.map((r) => r.baseline);
  if (Math.max(...baselines) - Math.min(...baselines) > 0.15) return null;
  const shift = run.baseline - baselines[0];
  if (Math.abs(shift) < 0.5 || Math.abs(shift) > 0.12 * run.size) return null;
  // Text set right beside it on its own baseline (an index entry and its page numbers, a
  // column of a two-column page typeset on its own grid): the figure is on a line of its own
  // making, not a value dropped off its row. A retyped value sits alone in its box.
  if (hasLineOfItsOwn(run, page)) return null;
  if (columnOnItsOwnGrid(run, shift, same, page)) return null;
  return {
    flag: 'font_inconsistency',
    code: 'font_inconsistency.baseline_shift',
    summary: `"${run.text.trim()}" on page ${run.page} sits ${Math.abs(shift).toFixed(1)}pt ${shift > 0 ? 'above' : 'below'} the baseline the rest of its line shares.`,
    pages: [run.page],
    evidence: {
      page: run.page,
      bbox: run.bbox,
      regions: [runRegion(run), ...same.slice(0, 3).map(runRegion)],
      fonts: [run.fontName],
      run: describeRun(run),
      shiftPt: Math.round(shift * 100) / 100,
    },
    strength: STRENGTH['font_inconsistency.baseline_shift'],
  };
}
