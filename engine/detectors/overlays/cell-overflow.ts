/**
 * A spreadsheet printed to PDF (Office's PostScript driver and Distiller, and similar) draws each
 * cell's background and then its text, row by row. A label longer than its cell runs on into
 * the next one, and that cell's own background, painted next, lays over the overflowing tail:
 * to a naive reader a white box painted over text. It is the table's layout. A forger's cover
 * hides a value in place; it is not one of a row of same-coloured cells sharing its top and
 * bottom edges, and the text it hides does not run in from the cell beside it.
 */
import { colorDistance, SAME_COLOUR, visibleBox } from '../../read/pdf/text/paint-query.js';
import type { FillPaint, ImagePaint, PageLayer, PaintOp, TextPaint } from '../../read/pdf/text/types.js';
import type { BBox } from '../../types.js';

/** Box edges closer than this (page fraction, about half a point on A4) are the same edge. */
const SAME_EDGE = 0.001;
/** A line continues across a gap of at most this many ems (a word space, with room for justification). */
const WORD_GAP_EM = 1;
/** Pieces of one line share their baseline within this many ems. */
const SAME_BASELINE_EM = 0.3;

export interface CellOverflow {
  /** The overflowing line's text up to the cover, from the neighbouring cell. */
  lead: TextPaint;
  line: string;
  /** The neighbouring cell's background. */
  cell: FillPaint;
}

type Cover = (FillPaint | ImagePaint) & { visible: BBox };

/**
 * The covered text is the tail of a line that starts in the neighbouring cell of the cover's row,
 * running into the cover without a break; null when it is not.
 */
export function cellOverflow(cover: Cover, covered: readonly TextPaint[], paint: readonly PaintOp[], page: PageLayer): CellOverflow | null {
  if (cover.kind !== 'fill' || !cover.rect || cover.annotation || cover.stroke) return null;
  if (covered.some((t) => t.angle !== undefined || !t.origin)) return null;
  const first = covered[0];
  const em = first.size;
  const onLine = (t: TextPaint) => !!t.origin && Math.abs((t.origin[1] - first.origin![1]) * page.height) <= SAME_BASELINE_EM * em;
  if (!covered.every(onLine)) return null;
  const left = Math.min(...covered.map((t) => t.bbox[0]));
  const right = Math.max(...covered.map((t) => t.bbox[2]));
  for (const side of ['left', 'right'] as const) {
    const cell = neighbourCell(cover, paint, side);
    if (!cell) continue;
    // One show string that starts well inside the neighbouring cell and runs on under the cover.
    const runsIn = covered.find((t) => startsIn(t, cell, side) && outsideBy(t, cover, side) * page.width >= 0.5 * em);
    if (runsIn) return { lead: runsIn, cell, line: runsIn.text };
    const lead = paint.find(
      (t): t is TextPaint =>
        t.kind === 'text' &&
        t.seq < cover.seq &&
        !covered.includes(t) &&
        t.angle === undefined &&
        onLine(t) &&
        t.fontId === first.fontId &&
        Math.abs(t.size - em) <= 0.05 * em &&
        continues(t, side, left, right, em, page) &&
        startsIn(t, cell, side),
    );
    if (lead) {
      const inCell = paint.filter(
        (t): t is TextPaint => t.kind === 'text' && t.seq < cover.seq && !covered.includes(t) && onLine(t) && startsIn(t, cell, side),
      );
      inCell.sort((a, b) => a.bbox[0] - b.bbox[0]);
      return { lead, cell, line: inCell.map((t) => t.text.trim()).join(' ') };
    }
  }
  return null;
}

/** A fill of the cover's colour and row (same top and bottom edges) touching it on that side, painted before it. */
function neighbourCell(cover: Cover, paint: readonly PaintOp[], side: 'left' | 'right'): FillPaint | null {
  const [x0, y0, x1, y1] = cover.visible;
  for (const p of paint) {
    if (p.kind !== 'fill' || p.seq >= cover.seq || !p.rect || p.stroke || p.annotation || p.hiddenByLayer) continue;
    const d = colorDistance(p.fill, cover.kind === 'fill' ? cover.fill : null);
    if (d === null || d > SAME_COLOUR) continue;
    const b = visibleBox(p) ?? p.bbox;
    if (Math.abs(b[1] - y0) > SAME_EDGE || Math.abs(b[3] - y1) > SAME_EDGE) continue;
    const touches = side === 'left' ? Math.abs(b[2] - x0) <= SAME_EDGE : Math.abs(b[0] - x1) <= SAME_EDGE;
    if (touches) return p;
  }
  return null;
}

/** The lead text ends where the covered text begins (on the overflow's side), a word space apart at most. */
function continues(t: TextPaint, side: 'left' | 'right', left: number, right: number, em: number, page: PageLayer): boolean {
  const gap = (side === 'left' ? left - t.bbox[2] : t.bbox[0] - right) * page.width;
  return gap >= -0.2 * em && gap <= WORD_GAP_EM * em;
}

/** The line starts inside the neighbouring cell (the overflow runs from there into the cover). */
function startsIn(t: TextPaint, cell: FillPaint, side: 'left' | 'right'): boolean {
  const b = visibleBox(cell) ?? cell.bbox;
  const start = side === 'left' ? t.bbox[0] : t.bbox[2];
  return start >= b[0] - SAME_EDGE && start <= b[2] + SAME_EDGE;
}

/** How far (page fraction) the text starts outside the cover, on the overflow's side. */
function outsideBy(t: TextPaint, cover: Cover, side: 'left' | 'right'): number {
  return side === 'left' ? cover.visible[0] - t.bbox[0] : t.bbox[2] - cover.visible[2];
}
