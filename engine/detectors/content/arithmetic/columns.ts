/**
 * Which header column a figure of a statement table belongs to. Header labels and figures are
 * aligned differently from one producer to the next (left-aligned labels over right-aligned
 * figures in HTML/Chromium tables, right-aligned labels in most bank PDFs), so the nearest
 * label is not a safe guide: a short debit under "Paid out" can sit closer to "Paid in". The
 * figures themselves line up in data columns; those columns are mapped onto the labels in left
 * to right order, and when the mapping is not unique the figure is marked ambiguous so that
 * the caller reads it without a sign (or not at all) instead of guessing.
 */
import type { Cell } from '../../../read/extract/layout.js';

export type ColumnKind = 'debit' | 'credit' | 'amount' | 'balance';

export interface Column {
  kind: ColumnKind;
  x0: number;
  x1: number;
}

export interface Placement {
  /** The columns the figure may belong to: one when the reading is sure. */
  kinds: ColumnKind[];
}

/** Figures whose right edges are closer than this share a data column (page-width fraction). */
const EDGE_GAP = 0.015;
/** Slack when testing whether an edge falls inside a column's span. */
const SLACK = 0.01;

interface Cluster {
  min: number;
  max: number;
}

function clusterEdges(edges: number[]): Cluster[] {
  const sorted = [...edges].sort((a, b) => a - b);
  const out: Cluster[] = [];
  for (const x of sorted) {
    const last = out[out.length - 1];
    if (last && x - last.max <= EDGE_GAP) last.max = x;
    else out.push({ min: x, max: x });
  }
  return out;
}

type Hypothesis = (edge: number, cols: Column[]) => number;

/** Left-aligned labels: a column runs from its label's left edge to the next label's. */
const leftAligned: Hypothesis = (edge, cols) => cols.findIndex((c, i) => edge >= c.x0 - SLACK && edge <= (cols[i + 1]?.x0 ?? 1) + SLACK);

/** Right-aligned labels: a column runs from the previous label's right edge to its own. */
const rightAligned: Hypothesis = (edge, cols) => cols.findIndex((c, i) => edge > (cols[i - 1]?.x1 ?? 0) + SLACK && edge <= c.x1 + SLACK);

/** Maps every data column to a label index with one hypothesis; null when it cannot. */
function mapWith(h: Hypothesis, clusters: Cluster[], cols: Column[]): number[] | null {
  const idx = clusters.map((c) => {
    const a = h(c.min, cols);
    return a === h(c.max, cols) ? a : -1;
  });
  if (idx.some((i) => i < 0)) return null;
  // Fewer data columns than labels: each data column needs its own label.
  if (clusters.length <= cols.length && new Set(idx).size !== idx.length) return null;
  return idx;
}

/**
 * A placement function for the money cells of one table (all cells under one header).
 * Equal counts of data columns and labels map in order, which is the only monotone choice;
 * otherwise the alignment hypotheses that fit must agree, or the figure stays ambiguous.
 */
export function columnPlacer(header: Column[], cells: Cell[]): (cell: Cell) => Placement {
  const cols = [...header].sort((a, b) => a.x0 - b.x0);
  const clusters = clusterEdges(cells.map((c) => c.x1));
  const clusterOf = (cell: Cell) => clusters.findIndex((c) => cell.x1 >= c.min && cell.x1 <= c.max);
  const inOrder = clusters.map((_, i) => i);
  // In order, a data column still ends right of its label's start and before the next label ends.
  const plausible = clusters.length === cols.length && clusters.every((c, i) => c.min >= cols[i].x0 - SLACK && c.max <= (cols[i + 1]?.x1 ?? 1) + SLACK);
  let maps: number[][];
  if (plausible) maps = [inOrder];
  else maps = [leftAligned, rightAligned].map((h) => mapWith(h, clusters, cols)).filter((m): m is number[] => m !== null);
  return (cell) => {
    const ci = clusterOf(cell);
    if (ci < 0 || !maps.length) return { kinds: [] };
    const kinds = [...new Set(maps.map((m) => cols[m[ci]].kind))];
    return { kinds };
  };
}
