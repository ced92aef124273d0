/**
 * A figure tesseract read as letters: in a receipt's or invoice's amount column, a printed "7,75"
 * came back as "LID" at confidence 26, which the word filter drops as a speck (words.ts
 * `isNoise`), so its row read "1 x Sparkling water" with no amount and the items could not be
 * summed. Such a word, standing in a column of read figures (its box over the figures of two
 * other lines), is read again alone, cut out with a margin of paper: tesseract then sees one short
 * line and reads the figure. The reading replaces the word only when it has a digit.
 */
import type { Page, Word } from 'tesseract.js';
import type { Crop } from './prepare.js';
import { isNoise, linesOf } from './words.js';

/** Paper around the word (px of the ~1600 px wide prepared picture: about a third of a line). */
const MARGIN = 24;
/** Words read again per page at most: each costs a recognition of its crop. */
const MAX_WORDS = 6;
/** Share of the narrower box two boxes must overlap in x to stand in one column. */
const SAME_COLUMN = 0.5;
/** Read figures of other lines in the column before a word there counts as a figure misread. */
const MIN_FIGURES = 2;

type Box = Word['bbox'];

const overlapX = (a: Box, b: Box): number => Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) / Math.max(1, Math.min(a.x1 - a.x0, b.x1 - b.x0));

/** Words the filter would drop that stand in a column of read figures, at most MAX_WORDS. */
export function figureNoise(page: Page): Word[] {
  const lines = linesOf(page);
  const figures = lines.map((l) => l.words.filter((w) => /\d/.test(w.text) && !isNoise(w)));
  const out: Word[] = [];
  lines.forEach((line, i) => {
    for (const word of line.words) {
      if (!isNoise(word) || !word.text.trim()) continue;
      const column = figures.filter((f, j) => j !== i && f.some((w) => overlapX(w.bbox, word.bbox) >= SAME_COLUMN));
      if (column.length >= MIN_FIGURES) out.push(word);
    }
  });
  return out.slice(0, MAX_WORDS);
}

/** The word's box with a margin of paper, inside the picture. */
export function cropAround(word: Word, width: number, height: number): Crop {
  const left = Math.max(0, word.bbox.x0 - MARGIN);
  const top = Math.max(0, word.bbox.y0 - MARGIN);
  const right = Math.min(width, word.bbox.x1 + MARGIN);
  const bottom = Math.min(height, word.bbox.y1 + MARGIN);
  return { left, top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
}

/**
 * `page` with each word of `rereads` replaced by the words its crop was read as (boxes already in
 * page pixels), when those carry a digit; other words stay as read.
 */
export function withFigures(page: Page, rereads: ReadonlyMap<Word, Page>): Page {
  const replacement = new Map<Word, Word[]>();
  for (const [word, read] of rereads) {
    const words = linesOf(read)
      .flatMap((l) => l.words)
      .filter((w) => !isNoise(w));
    if (words.some((w) => /\d/.test(w.text))) replacement.set(word, words);
  }
  if (!replacement.size) return page;
  return {
    ...page,
    blocks: (page.blocks ?? []).map((b) => ({
      ...b,
      paragraphs: b.paragraphs.map((p) => ({
        ...p,
        lines: p.lines.map((l) => ({ ...l, words: l.words.flatMap((w) => replacement.get(w) ?? [w]) })),
      })),
    })),
  };
}
