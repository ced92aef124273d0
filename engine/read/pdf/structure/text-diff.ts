/**
 * Text before and after an update: the file prefix that ends at a revision is a complete PDF
 * as it was then, so pdf.js reads each version; lines are diffed with their positions.
 */
import { openPdf as openWithPdfjs, type PDFDocumentProxy } from '../text/pdfjs.js';
import type { BBox } from '../../../types.js';
import { changedTokens } from '../../../kit/changed-words.js';
import { union } from '../../../kit/boxes.js';

export interface TextLine {
  text: string;
  bbox: BBox;
  /** The text runs of the line, left to right, each with its own box. */
  items?: TextRun[];
}

export interface TextRun {
  str: string;
  bbox: BBox;
}

export interface LineDiff {
  /** The changed words only (what an examiner compares), not the whole line. */
  before: string;
  after: string;
  /** Box of the new text when there is some, else of the removed text. */
  bbox: BBox;
  /** The whole lines, as context. */
  lineBefore?: string;
  lineAfter?: string;
}

/** Loads a file prefix with pdf.js; null when that version cannot be opened. */
export async function openVersion(bytes: Uint8Array, end: number, password?: string): Promise<PDFDocumentProxy | null> {
  try {
    return await openWithPdfjs(bytes.subarray(0, end), { password });
  } catch {
    return null;
  }
}

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A page's text grouped into lines (same baseline), each with its box as page fractions, top-left origin. */
export async function pageLines(doc: PDFDocumentProxy, pageNumber: number): Promise<TextLine[]> {
  if (pageNumber < 1 || pageNumber > doc.numPages) return [];
  const page = await doc.getPage(pageNumber);
  try {
    const [x0, y0, x1, y1] = page.view;
    const W = x1 - x0 || 1;
    const H = y1 - y0 || 1;
    const content = await page.getTextContent();
    const items: Item[] = [];
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      const t = it.transform as number[];
      const size = Math.hypot(t[2], t[3]) || it.height || 10;
      items.push({ str: it.str, x: t[4], y: t[5], w: it.width, h: size });
    }
    items.sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: Item[][] = [];
    for (const it of items) {
      const line = lines.find((l) => Math.abs(l[0].y - it.y) <= Math.max(1, 0.3 * Math.min(l[0].h, it.h)));
      if (line) line.push(it);
      else lines.push([it]);
    }
    return lines.map((l) => {
      l.sort((a, b) => a.x - b.x);
      let text = '';
      let lastEnd = -Infinity;
      for (const it of l) {
        if (text && it.x - lastEnd > 0.2 * it.h && !text.endsWith(' ') && !it.str.startsWith(' ')) text += ' ';
        text += it.str;
        lastEnd = it.x + it.w;
      }
      const left = Math.min(...l.map((i) => i.x));
      const right = Math.max(...l.map((i) => i.x + i.w));
      const top = Math.max(...l.map((i) => i.y + i.h));
      const bottom = Math.min(...l.map((i) => i.y - 0.25 * i.h));
      const clamp = (v: number) => Math.min(1, Math.max(0, v));
      const box = (l: number, t: number, r: number, b: number): BBox => [clamp((l - x0) / W), clamp((y1 - t) / H), clamp((r - x0) / W), clamp((y1 - b) / H)];
      const runs = l.map((i) => ({ str: i.str.replace(/\s+/g, ' ').trim(), bbox: box(i.x, i.y + i.h, i.x + i.w, i.y - 0.25 * i.h) }));
      return { text: text.replace(/\s+/g, ' ').trim(), bbox: box(left, top, right, bottom), items: runs };
    });
  } finally {
    page.cleanup();
  }
}

/**
 * Lines that differ between two versions of a page. Unchanged lines are matched by text;
 * the rest are paired by vertical position so that an edited line reads as before -> after.
 */
export function diffLines(before: TextLine[], after: TextLine[]): LineDiff[] {
  const remaining = new Map<string, number>();
  for (const l of before) remaining.set(l.text, (remaining.get(l.text) ?? 0) + 1);
  const added: TextLine[] = [];
  for (const l of after) {
    const n = remaining.get(l.text) ?? 0;
    if (n > 0) remaining.set(l.text, n - 1);
    else added.push(l);
  }
  const afterCount = new Map<string, number>();
  for (const l of after) afterCount.set(l.text, (afterCount.get(l.text) ?? 0) + 1);
  const removed: TextLine[] = [];
  for (const l of before) {
    const n = afterCount.get(l.text) ?? 0;
    if (n > 0) afterCount.set(l.text, n - 1);
    else removed.push(l);
  }
  const out: LineDiff[] = [];
  const unpaired = new Set(removed);
  for (const a of added) {
    let best: TextLine | null = null;
    let bestDist = Infinity;
    for (const r of unpaired) {
      const d = Math.abs(r.bbox[1] - a.bbox[1]) + 0.25 * Math.abs(r.bbox[0] - a.bbox[0]);
      if (d < bestDist) {
        bestDist = d;
        best = r;
      }
    }
    if (best && bestDist < 0.03) {
      unpaired.delete(best);
      const part = changedPart(best, a);
      out.push({ before: part.before, after: part.after, bbox: part.bbox, lineBefore: best.text, lineAfter: part.visibleLine ?? a.text });
    } else out.push({ before: '', after: a.text, bbox: a.bbox });
  }
  for (const r of unpaired) out.push({ before: r.text, after: '', bbox: r.bbox });
  return out.sort((x, y) => x.bbox[1] - y.bbox[1]);
}

/** A line drawn anew lands where it was to within this (page fraction, about half a point). */
const LINE_IN_PLACE = 0.001;

/**
 * Every line of the page reads the same and sits where it sat (its box within LINE_IN_PLACE on
 * every side): what a page whose text was only placed anew shows.
 */
export function linesInPlace(before: TextLine[], after: TextLine[]): boolean {
  if (before.length !== after.length) return false;
  const order = (a: TextLine, b: TextLine) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0] || a.text.localeCompare(b.text);
  const x = [...before].sort(order);
  const y = [...after].sort(order);
  return x.every((l, i) => l.text === y[i].text && l.bbox.every((v, k) => Math.abs(v - y[i].bbox[k]) <= LINE_IN_PLACE));
}

/** Runs at the same place with the same text are the same run; a point of drift is allowed. */
const SAME_PLACE = 0.004;

function sameRun(a: TextRun, b: TextRun): boolean {
  return a.str === b.str && Math.abs(a.bbox[0] - b.bbox[0]) <= SAME_PLACE && Math.abs(a.bbox[1] - b.bbox[1]) <= SAME_PLACE * 2;
}

function overlapsX(a: BBox, b: BBox): boolean {
  return a[0] < b[2] && b[0] < a[2];
}

/**
 * What changed inside a paired line: the runs that are new and the runs they replace. A white
 * box over old text leaves the old run in the text layer next to the new one, so when nothing
 * was removed, the replaced text is the old run the new one is drawn over. Inside runs, only
 * the words that differ are kept ("Closing balance 1,250.00" -> "9,250.00").
 */
export function changedPart(before: TextLine, after: TextLine): { before: string; after: string; bbox: BBox; visibleLine?: string } {
  const whole = { ...trimCommon(before.text, after.text), bbox: union(before.bbox, after.bbox) };
  const oldRuns = before.items ?? [];
  const newRuns = after.items ?? [];
  if (!oldRuns.length || !newRuns.length) return whole;
  const unmatchedOld = new Set(oldRuns);
  const added: TextRun[] = [];
  for (const r of newRuns) {
    const twin = [...unmatchedOld].find((o) => sameRun(o, r));
    if (twin) unmatchedOld.delete(twin);
    else added.push(r);
  }
  const removed = oldRuns.filter((o) => unmatchedOld.has(o));
  if (!added.length && !removed.length) return whole;
  const addedBox = added.length ? added.map((r) => r.bbox).reduce(union) : null;
  const covered = addedBox && !removed.length ? oldRuns.filter((o) => overlapsX(o.bbox, addedBox)) : removed;
  const beforeText =
    addedBox && !removed.length
      ? covered
          .map((o) => wordsUnder(o, addedBox))
          .join(' ')
          .trim()
      : join(covered);
  const afterText = join(added);
  const trimmed = beforeText && afterText ? trimCommon(beforeText, afterText) : { before: beforeText, after: afterText };
  if (!trimmed.before && !trimmed.after) return whole;
  const box = addedBox ?? removed.map((r) => r.bbox).reduce(union);
  // The line as a reader sees it: old runs still in the text layer but drawn over are left out.
  const hidden = new Set(removed.length ? [] : covered.map((o) => newRuns.find((r) => sameRun(o, r))));
  const visibleLine =
    hidden.size && addedBox
      ? joinPieces(
          newRuns.flatMap((r) => (hidden.has(r) ? words(r).filter((p) => p.mid < addedBox[0] || p.mid > addedBox[2]) : [{ text: r.str, mid: r.bbox[0] }])),
        )
      : undefined;
  return { ...trimmed, bbox: narrow(box, added.length === 1 ? added[0] : null, trimmed.after), ...(visibleLine ? { visibleLine } : {}) };
}

/**
 * The words of a run that lie under a box, by their estimated position (glyph widths are not
 * known here, so characters are taken as even): "Closing balance: 1,350.00" under a box drawn
 * over the amount gives "1,350.00".
 */
function wordsUnder(run: TextRun, box: BBox): string {
  const under = words(run).filter((p) => p.mid >= box[0] && p.mid <= box[2]);
  return under.length ? under.map((p) => p.text).join(' ') : run.str;
}

/** The words of a run with the estimated x of their middles. */
function words(run: TextRun): Array<{ text: string; mid: number }> {
  const w = run.bbox[2] - run.bbox[0];
  return [...run.str.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    mid: run.bbox[0] + (run.str.length ? (w * (m.index + m[0].length / 2)) / run.str.length : 0),
  }));
}

function joinPieces(pieces: Array<{ text: string; mid: number }>): string {
  return [...pieces]
    .sort((a, b) => a.mid - b.mid)
    .map((p) => p.text)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function join(runs: TextRun[]): string {
  return [...runs]
    .sort((a, b) => a.bbox[0] - b.bbox[0])
    .map((r) => r.str)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Drops the words both sides share at the start and at the end. */
function trimCommon(before: string, after: string): { before: string; after: string } {
  const { removed, added } = changedTokens(before, after);
  return { before: removed.join(' '), after: added.join(' ') };
}

/** Within one rewritten run, the box of the changed words, estimated by character position. */
function narrow(box: BBox, run: TextRun | null, changed: string): BBox {
  if (!run || !changed || run.str === changed) return box;
  const at = run.str.indexOf(changed);
  if (at < 0 || !run.str.length) return box;
  const w = run.bbox[2] - run.bbox[0];
  return [run.bbox[0] + (w * at) / run.str.length, run.bbox[1], run.bbox[0] + (w * (at + changed.length)) / run.str.length, run.bbox[3]];
}
