/**
 * A figure drawn with its own character spacing (Tc) or horizontal scaling (Tz) on a page whose
 * text is otherwise set plainly: how an editor squeezes a longer value into the old one's place.
 * Word spacing is left alone (justified text changes it on every line). The same spaced figure at
 * one place on page after page (a letter-spaced running page number "–14–") is the layout's, one
 * context note; figures spread an em or more apart sit in the boxes of a comb field, they were
 * not squeezed. A value of a filled-in form's field layer (fonts of its own, painted after all of
 * the form's printed text, over none of it) was fitted to its field by the filling tool: that is
 * how fillers and flatteners set a value wider than its box (Preview's flattened ACORD forms), one
 * context note. Squeezed into the printed text, or drawn over it, it still counts.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import type { PageLayer, TextPaint } from '../../read/pdf/text/types.js';
import { isFigure } from './font-query.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH, STRENGTH_CAP } from '../strengths.js';
import { words } from '../../read/pdf/text/paint-query.js';

const THRESHOLDS = {
  minPlainOps: { value: 10, why: 'A line or page needs this many plainly set text shows to have a plain setting to break.' },
  plainShare: { value: 0.9, why: 'At least this share plain: justified or tracked text spaces everything and breaks nothing.' },
  maxOddOps: { value: 3, why: "A patch is a few shows; more with their own spacing is the layout's style." },
  minDigits: {
    value: 2,
    why: 'A squeezed value has several digits: a lone digit beside a letter is typesetting (the "X2" of the LaTeX2e logo, kerned apart by Tc in TeX manuals distilled from PostScript; "H2O", "A4").',
  },
  hScaleTolerance: { value: 0.02, why: 'Horizontal scaling within 2 % of 100 % is rounding, not a squeezed value.' },
  tcShare: { value: 0.05, why: 'Tc below this share of the font size is kerning-level noise some producers always emit.' },
  combEm: { value: 1, why: 'Figures spread this many ems apart or more sit in the boxes of a comb field: a layout, not a squeeze.' },
  runningPages: { value: 3, why: 'The same spaced figure (figures aside) at one place on this many pages is a running element of the layout.' },
  marginBand: { value: 0.1, why: "A page's folio sits in the top or bottom tenth of the page (header or footer), not among its values." },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

/**
 * A run opening with a relation sign is a formula cut there: TeX puts a thick space round
 * "=", "<", "≤"..., and Distiller folds that glue into the run's Tc ("=35" of "h = 35 cm").
 * A squeezed value starts with its figures, sign or currency.
 */
const RELATION_FIRST = /^\s*[=<>≤≥≈≠]/u;

function digitCount(text: string): number {
  let n = 0;
  for (const ch of text) if (ch >= '0' && ch <= '9') n++;
  return n;
}

/**
 * Tabular figures give "1" the advance of a "0", so "11" sets with a gap inside it; designers
 * track a run of ones tighter (InDesign forms' line number "11" at -0.7 between "10" and "12"
 * set plainly). Closing up ones is that kerning; a squeezed value has other digits to fit.
 */
function kernedOnes(op: TextPaint): boolean {
  return op.charSpacing < 0 && Math.abs(op.hScale - 1) < T.hScaleTolerance && /^\s*1+\s*$/.test(op.text);
}

function isPlain(op: TextPaint): boolean {
  return Math.abs(op.hScale - 1) < T.hScaleTolerance && Math.abs(op.charSpacing) < T.tcShare * Math.max(op.size, 1);
}

const EMITS = [{ flag: 'font_inconsistency', reasons: ['spacing_break'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const spacingBreakDetector = defineDetector({
  meta: {
    id: 'fonts/spacing-break',
    description: 'A figure with its own character spacing or horizontal scaling on a page of plainly set text.',
    appliesTo: ['pdf'],
    needs: ['pages'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    return asRunningElements(ctx.pages.flatMap((page) => pageFindings(page, ctx.pages.length)));
  },
});

/** Where and how a spaced figure is set, its own figures aside: equal keys on several pages are one running element. */
function runningKey(op: TextPaint): string {
  const at = (v: number) => Math.round(v / 0.01);
  return `${words(op.text).replace(/\d+/g, '#')}\u0000${at(op.bbox[0])},${at(op.bbox[1])}\u0000${op.charSpacing.toFixed(2)},${op.hScale.toFixed(2)}`;
}

function asRunningElements(findings: ReadonlyArray<{ found: Found; op: TextPaint }>): Found[] {
  const groups = new Map<string, Found[]>();
  for (const { found, op } of findings) groups.set(runningKey(op), [...(groups.get(runningKey(op)) ?? []), found]);
  const out: Found[] = [];
  for (const group of groups.values()) {
    const pages = [...new Set(group.flatMap((f) => f.pages))].sort((a, b) => a - b);
    if (pages.length < T.runningPages) {
      out.push(...group);
      continue;
    }
    const first = group[0];
    out.push({
      ...first,
      summary: `${first.summary.replace(/ on page \d+/, '')} The same spaced figure sits at the same place on pages ${pages.slice(0, 8).join(', ')}${pages.length > 8 ? ', …' : ''}: a running element of the layout, context only.`,
      pages,
      evidence: { ...first.evidence, runningOnPages: pages },
      strength: Math.min(first.strength, STRENGTH_CAP.runningMark),
    });
  }
  return out;
}

/**
 * The page's own folio in its header or footer: "–11–" on page 11, "3/8" or "3 of 8" on page 3 of
 * 8 (of more, when the file holds pages split from a longer one). A running element even on the pages where other odd shows leave it alone to be reported
 * (every page number of a book is letter-spaced the same way; a forger squeezes values, not folios).
 */
function isFolio(op: TextPaint, page: number, pageCount: number): boolean {
  const cy = (op.bbox[1] + op.bbox[3]) / 2;
  if (cy > T.marginBand && cy < 1 - T.marginBand) return false;
  const m = /^[^\p{L}\p{N}]*(\d+)(?:\s*(?:\/|of)\s*(\d+))?[^\p{L}\p{N}]*$/u.exec(op.text.trim());
  return !!m && Number(m[1]) === page && (m[2] === undefined || Number(m[2]) >= Math.max(page, pageCount));
}

function pageFindings(page: PageLayer, pageCount: number): Array<{ found: Found; op: TextPaint }> {
  const texts = (page.paint ?? []).filter((op): op is TextPaint => op.kind === 'text' && !op.annotation && /[\p{L}\p{N}]/u.test(op.text));
  const plain = texts.filter(isPlain);
  const odd = texts.filter((op) => !isPlain(op));
  if (plain.length < T.minPlainOps || plain.length / texts.length < T.plainShare || odd.length > T.maxOddOps) return [];
  const findings: Array<{ found: Found; op: TextPaint }> = [];
  for (const op of odd) {
    if (!isFigure(op.text) || digitCount(op.text) < T.minDigits || RELATION_FIRST.test(op.text)) continue;
    if (Math.abs(op.charSpacing) >= T.combEm * Math.max(op.size, 1)) continue;
    if (kernedOnes(op)) continue;
    const cy = (op.bbox[1] + op.bbox[3]) / 2;
    // Same font on the same line set plainly: the odd spacing is a break, not a style (small caps, headings).
    const lineMates = plain.filter((p) => p.fontId === op.fontId && p.bbox[1] <= cy && cy <= p.bbox[3]);
    if (lineMates.length === 0) continue;
    const folio = isFolio(op, page.page, pageCount);
    const filled = filledLayerFont(texts, op) ? (page.fonts?.[op.fontId]?.name ?? op.fontId) : null;
    const what =
      Math.abs(op.hScale - 1) >= T.hScaleTolerance
        ? `horizontally scaled to ${Math.round(op.hScale * 100)}%`
        : `spaced by ${op.charSpacing.toFixed(2)} per character`;
    findings.push({
      op,
      found: {
        flag: 'font_inconsistency',
        code: 'font_inconsistency.spacing_break',
        summary: folio
          ? `"${op.text.trim()}" on page ${page.page} is ${what}, unlike the rest of its line and page. It is the page's own number in its ${(op.bbox[1] + op.bbox[3]) / 2 < 0.5 ? 'header' : 'footer'}: a running element of the layout, context only.`
          : filled
            ? `"${op.text.trim()}" on page ${page.page} is ${what}, unlike the rest of its line and page. It belongs to the filled-in values (in ${filled}), painted after all of the form's printed text and over none of it: the filling tool fitted it to its field, context only.`
            : `"${op.text.trim()}" on page ${page.page} is ${what}, unlike the rest of its line and page.`,
        pages: [page.page],
        evidence: {
          page: page.page,
          bbox: op.bbox,
          regions: [{ page: page.page, bbox: op.bbox, label: op.text.slice(0, 40) }],
          text: op.text,
          charSpacing: op.charSpacing,
          horizontalScaling: op.hScale,
          ...(filled ? { filledLayerFont: filled } : {}),
          ...(folio ? { folio: true } : {}),
        },
        strength: Math.min(
          Math.abs(op.hScale - 1) >= T.hScaleTolerance
            ? STRENGTH['font_inconsistency.spacing_break'].scaled
            : STRENGTH['font_inconsistency.spacing_break'].spacing,
          ...(filled ? [STRENGTH_CAP.filledFieldValue] : []),
          ...(folio ? [STRENGTH_CAP.runningMark] : []),
        ),
      },
    });
  }
  return findings;
}

function overlaps(a: TextPaint['bbox'], b: TextPaint['bbox']): boolean {
  return Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 0 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 0;
}

/**
 * Whether `op` belongs to a filled-in layer: the text painted from the first show in
 * its font onwards uses only fonts the page has not used before (a form's printed text, at least
 * a line's worth, comes first), and `op` covers none of that printed text. A filler or a flattener
 * appends the field values after the form's content in fonts of its own; an editor that squeezes a
 * new value into a line rewrites it among the line's own shows, in the line's font.
 */
function filledLayerFont(texts: readonly TextPaint[], op: TextPaint): boolean {
  const start = Math.min(...texts.filter((t) => t.fontId === op.fontId).map((t) => t.seq));
  const printed = texts.filter((t) => t.seq < start);
  if (printed.length < T.minPlainOps) return false;
  const printedFonts = new Set(printed.map((t) => t.fontId));
  if (texts.some((t) => t.seq >= start && printedFonts.has(t.fontId))) return false;
  return !printed.some((t) => overlaps(t.bbox, op.bbox));
}
