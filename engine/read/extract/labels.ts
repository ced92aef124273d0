/**
 * Label/value lookup on the line model: the value of "Invoice date: 03/04/2025" is what follows
 * the label in its cell, else the next cell to the right, else the cell below the label.
 */
import type { Cell, Line } from './layout.js';

export interface LabelHit {
  line: Line;
  cell: Cell;
  /** Candidate value texts in order of preference (same cell, right cell, cell below). */
  values: Array<{ text: string; line: Line; cell: Cell }>;
}

function overlaps(a: Cell, b: Cell): boolean {
  return Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0;
}

/** Lines of the same page just below `line` (skipping none). */
export function nextLine(lines: Line[], line: Line): Line | undefined {
  const i = lines.indexOf(line);
  const n = lines[i + 1];
  return n && n.page === line.page ? n : undefined;
}

/**
 * Every place where `label` opens a cell. The label regex must match at the start of the cell
 * (it is anchored here); trailing punctuation such as ":" or "#" is skipped.
 */
export function findLabelled(lines: Line[], label: RegExp, opts: { below?: boolean } = {}): LabelHit[] {
  return [...labelHits(lines, label, opts)];
}

/**
 * Anchored label patterns by label source and flags: the extractors and detectors ask for the
 * same few dozen labels on every document, each compiled once (bounded, in case a caller builds
 * labels from data). A sticky label is compiled afresh, as its regex keeps a position.
 */
const ANCHORED = new Map<string, RegExp>();
const MAX_ANCHORED = 512;

/** The label anchored at the start of a cell, trailing punctuation included. */
function anchoredLabel(label: RegExp): RegExp {
  const key = `${label.flags}/${label.source}`;
  const known = ANCHORED.get(key);
  if (known) return known;
  const anchored = new RegExp(
    `^(?:${label.source})(?![\\p{L}\\d])\\s*(?:[:#.]|no\\.?|nr\\.?)?\\s*[:#]?\\s*`,
    label.flags.replace('g', '').replace('u', '') + 'u',
  );
  if (anchored.sticky) return anchored;
  if (ANCHORED.size >= MAX_ANCHORED) ANCHORED.clear();
  ANCHORED.set(key, anchored);
  return anchored;
}

/** The hits of findLabelled one by one, so that a caller wanting the first stops there (long statements). */
function* labelHits(lines: Line[], label: RegExp, opts: { below?: boolean }): Generator<LabelHit> {
  const anchored = anchoredLabel(label);
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    for (let ci = 0; ci < line.cells.length; ci++) {
      const cell = line.cells[ci];
      const m = anchored.exec(cell.text);
      if (!m) continue;
      const values: LabelHit['values'] = [];
      const rest = cell.text.slice(m[0].length).trim();
      if (rest) values.push({ text: rest, line, cell });
      const right = line.cells[ci + 1];
      // A two-cell line is a label/value pair however wide the gap (receipts run label left, value right).
      const pair = ci === 0 && line.cells.length === 2;
      if (right && (right.x0 - cell.x1 < 0.45 || pair)) values.push({ text: right.text, line, cell: right });
      // The line's own index, not nextLine's indexOf: that was quadratic on a 500-page statement.
      const after = lines[li + 1];
      const below = opts.below === false || !after || after.page !== line.page ? undefined : after;
      if (below) {
        const under = below.cells.find((c) => overlaps(c, cell)) ?? below.cells.find((c) => c.x0 >= cell.x0 && c.x0 - cell.x1 < 0.45 && !line.cells[ci + 1]);
        if (under) values.push({ text: under.text, line: below, cell: under });
      }
      yield { line, cell, values };
    }
  }
}

/** First labelled value that `parse` accepts. */
export function labelledValue<T>(
  lines: Line[],
  label: RegExp,
  parse: (text: string) => T | null,
  opts: { below?: boolean } = {},
): { value: T; line: Line; cell: Cell } | null {
  for (const hit of labelHits(lines, label, opts)) {
    for (const v of hit.values) {
      const value = parse(v.text);
      if (value !== null) return { value, line: v.line, cell: v.cell };
    }
  }
  return null;
}
