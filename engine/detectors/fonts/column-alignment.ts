/**
 * A figure off the right edge of its right-aligned column. Every producer that sets amounts
 * flush right (report writers, spreadsheets, HTML tables, word-processor right tabs, TeX `r`
 * columns) computes each value's start from its width, so the values of a column end at one x
 * to the producer's rounding. Editors that change a value in place (PDF text editors, a value
 * retyped in another tool and placed by eye) keep where it starts: a value of another length
 * then ends a digit or more off. This holds after a re-distil or a full rewrite too, since
 * positions are carried over as drawn.
 *
 * Right-aligned means: at least four figures of the column end within the rounding of each other
 * while their left edges differ (values of several widths), so centred and left-aligned columns,
 * whose right edges agree only when widths do, never count.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import type { PageLayer, TextRun } from '../../read/pdf/text/types.js';
import { describeRun, isFigure, runRegion } from './font-query.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';
import { ascendingNumbers } from '../../kit/numbers.js';

const THRESHOLDS = {
  minReadablePt: {
    value: 3,
    why: "Figures smaller than this (points) are no document's values: the finest print on paper is 4-5 pt; smaller text is a drawing's labels scaled down with it (a MetaPost figure's point numbers at 0.93 pt), where a fraction of a point is not an edit.",
  },
  columnReach: { value: 0.3, why: 'Vertical reach of a column around the figure (page fraction).' },
  minAligned: { value: 4, why: 'A column edge is only an edge with at least four other figures on it.' },
  alignedShare: { value: 0.8, why: "Share of the column's figures (besides the odd one) that must end together." },
  roundingPt: { value: 0.25, why: 'Right edges within this many points end together (producers round to 0.01-0.1 pt).' },
  minOffEm: { value: 0.2, why: 'Off by at least a fifth of an em (the narrowest glyph a value can gain or lose), at most four em.' },
  maxOffEm: { value: 4, why: 'Further off than four em, a figure belongs to another column.' },
  wordSpaceEm: {
    value: 0.8,
    why: "A word space stretched as far as a justified line stretches it, plus the spare room of the box a table of contents sets its page number in (LaTeX's \\@pnumwidth, right-aligned).",
  },
  rowFigures: { value: 4, why: 'Four figures stepping evenly along a row are a grid (axis labels), not a column with an odd one.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const EMITS = [{ flag: 'font_inconsistency', reasons: ['column_misaligned'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const columnAlignmentDetector = defineDetector({
  meta: {
    id: 'fonts/column-alignment',
    description: 'A figure whose right edge is off the edge every other figure of its right-aligned column ends on.',
    appliesTo: ['pdf'],
    needs: ['pages'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    // OCR'd pages (engine/ocr) carry word boxes estimated from pixels, not drawn positions.
    return ctx.pages.flatMap((page) => (page.source === 'ocr' ? [] : pageFindings(page)));
  },
});

/**
 * A figure whose box is exactly its glyphs: it ends with a digit (a trailing ")", "-", "CR" or
 * footnote mark hangs past the column edge by design) and carries no surrounding blanks, whose
 * advance would count in the box. Lists ("136, 236, 394": an index's page references) are not
 * values.
 */
function isCellFigure(r: TextRun): boolean {
  // Ending with a digit first: most runs of a page are words and fail it at one character.
  return (
    endsWithDigit(r.text) &&
    r.size >= T.minReadablePt &&
    r.text === r.text.trim() &&
    isFigure(r.text) &&
    r.bbox[2] > r.bbox[0] &&
    !OUTSIDE_SIMPLE.test(r.text) &&
    !/,\s/.test(r.text)
  );
}

/** `/\d$/` without a regex scan of the whole run: its last character is an ASCII digit. */
function endsWithDigit(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return c >= 48 && c <= 57;
}

/**
 * Characters outside Latin-1 (and the euro sign): a producer drawing "−" (U+2212) or a thin space
 * with a font whose simple encoding lacks it measured a width the font does not have, so the
 * value ends off the edge although nothing was edited (a genuine ps2pdf statement).
 */
const OUTSIDE_SIMPLE = /[^\u0000-\u00ff\u20ac]/u;

/** Digits after the last decimal mark ("1,234.56" -> 2), -1 when none: decimal-aligned columns differ here. */
function decimals(text: string): number {
  const m = /[.,](\d+)$/.exec(text);
  return m ? m[1].length : -1;
}

function pageFindings(page: PageLayer): Found[] {
  const W = page.width || 612;
  const figures = page.runs.filter(isCellFigure);
  if (figures.length <= T.minAligned) return [];
  const findings: Found[] = [];
  const nearEdge = figuresNearEdge(figures);
  for (const run of figures) {
    const em = run.size / W;
    // The right-edge test first: it is the one most figures of the page fail.
    const near = nearEdge(run.bbox[2], T.maxOffEm * em);
    const mates = near.indices.filter((i) => {
      const o = figures[i];
      return (
        o !== run &&
        Math.abs(o.baseline - run.baseline) > 0.5 * run.size &&
        Math.abs(o.bbox[1] - run.bbox[1]) <= T.columnReach &&
        Math.abs(o.size - run.size) <= 0.2 * run.size &&
        o.bbox[0] < run.bbox[2] &&
        run.bbox[0] < o.bbox[2]
      );
    });
    if (mates.length < T.minAligned) continue;
    // In page order, as the members are reported; the right edges come sorted with the stretch.
    const column = (near.byEdge ? ascendingNumbers(mates) : mates).map((i) => figures[i]);
    const edge = commonEdge(column, W, near.byEdge ? mates.map((i) => figures[i].bbox[2]) : undefined);
    if (!edge || edge.members.length / column.length < T.alignedShare) continue;
    const offPt = (run.bbox[2] - edge.x) * W;
    if (Math.abs(offPt) < T.minOffEm * run.size) continue;
    // Right-aligned: the members are of several widths, yet end together.
    const lefts = edge.members.map((r) => r.bbox[0] * W);
    if (Math.max(...lefts) - Math.min(...lefts) < T.minOffEm * run.size) continue;
    // Decimal-aligned columns (TeX dcolumn/siunitx, decimal tabs) end apart when decimals differ.
    const places = decimals(edge.members[0].text);
    if (edge.members.some((r) => decimals(r.text) !== places) || decimals(run.text) !== places) continue;
    // Another figure anywhere on the page ending where this one does: an alignment of its own
    // (indented sub-totals, a summary box with other padding). An edit lands there only by chance.
    if (figures.some((o) => o !== run && !edge.members.includes(o) && Math.abs(o.bbox[2] - run.bbox[2]) * W <= T.roundingPt)) continue;
    if (!inColumnBlock(run, edge.members)) continue;
    // A bare number alone on its line (a page number under an index column) is furniture.
    if (/^\d+$/.test(run.text) && !page.runs.some((o) => o !== run && Math.abs(o.baseline - run.baseline) <= 0.5 * run.size)) continue;
    // Something set right after it on its line (a "CR" marker, a footnote, a currency code): the
    // pair, not the figure, is what the producer aligned.
    if (followedOnLine(run, page, em)) continue;
    // Pushed out by its own line: the text before it runs up to it (a word space or less), so
    // the line is wider than the measure (an overfull table-of-contents line, TeX). A value
    // retyped longer keeps its start, and with it the gap its column leaves before it.
    if (offPt > 0 && precededClosely(run, page, em)) continue;
    // One of a row of figures stepping evenly along its line (an axis's tick labels crossing
    // the column of another axis): it is aligned, to its row. A retyped value ends off its
    // row's step as much as off its column.
    if (onRowStep(run, figures, W)) continue;
    findings.push({
      flag: 'font_inconsistency',
      code: 'font_inconsistency.column_misaligned',
      summary: `"${run.text}" on page ${page.page} ends ${Math.abs(offPt).toFixed(1)}pt ${offPt > 0 ? 'right' : 'left'} of the edge the ${edge.members.length} other figures of its right-aligned column end on.`,
      pages: [page.page],
      evidence: {
        page: page.page,
        bbox: run.bbox,
        regions: [runRegion(run), ...edge.members.slice(0, 3).map(runRegion)],
        fonts: [run.fontName],
        run: describeRun(run),
        neighbours: edge.members.slice(0, 5).map(describeRun),
        offPt: Math.round(offPt * 100) / 100,
      },
      strength: STRENGTH['font_inconsistency.column_misaligned'],
    });
  }
  return findings;
}

/**
 * The figures whose right edge is within `reach` of `x` (|edge - x| <= reach), as indices into
 * `figures`: read from the figures sorted by right edge (a contiguous stretch, found by two
 * binary searches, `byEdge`: in the order of their edges) rather than by testing every figure
 * for every figure, as a long statement page has hundreds. A page with a non-finite edge or size
 * keeps the plain scan (where Infinity - Infinity is NaN), in page order.
 */
function figuresNearEdge(figures: readonly TextRun[]): (x: number, reach: number) => { indices: number[]; byEdge: boolean } {
  const scan = (x: number, reach: number) => ({
    indices: figures.flatMap((o, i) => (Math.abs(o.bbox[2] - x) <= reach ? [i] : [])),
    byEdge: false,
  });
  if (!figures.every((r) => Number.isFinite(r.bbox[2]) && Number.isFinite(r.size))) return scan;
  // The edges read once into a flat array: the sort compares them O(n log n) times.
  const right = Float64Array.from(figures, (r) => r.bbox[2]);
  const order = figures.map((_, i) => i).sort((a, b) => right[a] - right[b]);
  const edges = order.map((i) => right[i]);
  return (x, reach) => {
    if (!Number.isFinite(x) || !Number.isFinite(reach)) return scan(x, reach);
    const from = firstAfter(edges, (v) => v >= x || Math.abs(v - x) <= reach);
    const to = firstAfter(edges, (v) => v > x && !(Math.abs(v - x) <= reach));
    return { indices: order.slice(from, to), byEdge: true };
  };
}

/** The right edge most of the column ends on, within the producer's rounding. */
function commonEdge(column: readonly TextRun[], W: number, sortedEdges?: readonly number[]): { x: number; members: TextRun[] } | null {
  const near = (a: number, b: number) => Math.abs(a - b) * W <= T.roundingPt;
  // Each candidate's count is read from the sorted edges: those near it are one contiguous
  // stretch around it (|a - b| * W grows with the distance), found by two binary searches. A
  // count per pair was most of this detector's time on long statements whose figures are set
  // from the left and so end at many edges. The first edge with the most members wins, as before.
  const edges = sortedEdges ?? column.map((r) => r.bbox[2]).sort((a, b) => a - b);
  let best: TextRun | null = null;
  let bestCount = 0;
  for (const c of column) {
    const x = c.bbox[2];
    // An infinite edge is near nothing, not even itself (Infinity - Infinity is NaN).
    const count = Number.isFinite(x) ? firstAfter(edges, (v) => v > x && !near(v, x)) - firstAfter(edges, (v) => v >= x || near(v, x)) : 0;
    if (!best || count > bestCount) {
      best = c;
      bestCount = count;
      // Every member ends here: no later edge can have more (the usual, right-aligned column).
      if (count === column.length) break;
    }
  }
  if (!best || bestCount < T.minAligned) return null;
  const x = best.bbox[2];
  return { x, members: column.filter((o) => near(o.bbox[2], x)) };
}

/** The first index of sorted `values` where `test` holds (it holds from there on); the length when none. */
function firstAfter(values: readonly number[], test: (v: number) => boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (test(values[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * The figure sits between two of the column's members: a row of the table. A total under the
 * table or a summary figure above it is another block, often aligned to another edge by design
 * (cell padding against the page margin: a genuine invoice's subtotal ends 2 pt right of its
 * item column); those have the arithmetic checks.
 */
function inColumnBlock(run: TextRun, members: readonly TextRun[]): boolean {
  return members.some((m) => m.baseline > run.baseline) && members.some((m) => m.baseline < run.baseline);
}

function followedOnLine(run: TextRun, page: PageLayer, em: number): boolean {
  return page.runs.some(
    (o) => o !== run && Math.abs(o.baseline - run.baseline) <= 0.5 * run.size && o.bbox[0] >= run.bbox[2] - 0.1 * em && o.bbox[0] - run.bbox[2] <= 1.5 * em,
  );
}

/** The text before the figure on its line ends within a word space of it (half an em). */
function precededClosely(run: TextRun, page: PageLayer, em: number): boolean {
  return page.runs.some(
    (o) =>
      o !== run &&
      Math.abs(o.baseline - run.baseline) <= 0.5 * run.size &&
      o.bbox[2] <= run.bbox[0] + 0.1 * em &&
      run.bbox[0] - o.bbox[2] <= T.wordSpaceEm * em,
  );
}

/** Figures of a row stepping this evenly (points) are set on one grid, as axis labels are. */
const STEP_PT = 2 * T.roundingPt;

/**
 * The figure's right edge is on an even step with at least three other figures of its line
 * (consecutive along it, at least an em apart): the tick labels of an axis or a number line.
 */
function onRowStep(run: TextRun, figures: readonly TextRun[], W: number): boolean {
  const row = figures
    .filter((o) => Math.abs(o.baseline - run.baseline) <= 0.1 * run.size && Math.abs(o.size - run.size) <= 0.2 * run.size)
    .sort((a, b) => a.bbox[2] - b.bbox[2]);
  const i = row.indexOf(run);
  if (i < 0) return false;
  for (let start = Math.max(0, i - T.rowFigures + 1); start <= i && start + T.rowFigures <= row.length; start++) {
    const ends = row.slice(start, start + T.rowFigures).map((r) => r.bbox[2] * W);
    const steps = ends.slice(1).map((x, k) => x - ends[k]);
    if (steps[0] >= run.size && steps.every((d) => Math.abs(d - steps[0]) <= STEP_PT)) return true;
  }
  return false;
}
