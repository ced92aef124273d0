/** Whether a page is a picture (a scan or photo) rather than drawn text. */
import type { PageLayer } from './types.js';

/** A page at least half covered by images counts as a picture when it draws almost no visible text. */
const MIN_IMAGE_COVERAGE = 0.5;
const MAX_VISIBLE_CHARS = 10;

export function visibleTextChars(page: PageLayer): number {
  if (!page.paint) return page.runs.reduce((n, r) => n + r.text.replace(/\s/g, '').length, 0);
  let n = 0;
  for (const op of page.paint) {
    if (op.kind !== 'text' || op.hiddenByLayer) continue;
    if (op.renderMode === 3 || op.renderMode === 7 || op.alpha === 0) continue;
    n += op.text.replace(/\s/g, '').length;
  }
  return n;
}

export function isImageOnlyPage(page: PageLayer): boolean {
  return page.imageCoverage >= MIN_IMAGE_COVERAGE && visibleTextChars(page) <= MAX_VISIBLE_CHARS;
}

/**
 * A scan turned into text by a recogniser that draws what it read visibly over the page picture
 * (an "editable text" OCR export; PdfPig's reference-2-numeric-error.pdf, PDFium-written): each
 * word is set in the font the recogniser guessed, sized and placed from its box, and coloured
 * with the ink it measured in the scan, so the words come in many shades of one ink and none
 * dominates. Typeset text, and text an editor types over a scan, draw most words in one ink.
 */
const MIN_RECOGNISED_SHOWS = 20;
const MIN_INK_SHADES = 8;
const MAX_SHADE_SHARE = 0.5;

export function isRecognisedTextPage(page: PageLayer): boolean {
  if (!page.paint || page.imageCoverage < MIN_IMAGE_COVERAGE) return false;
  const picture = page.paint.find((op) => op.kind === 'image' && !op.annotation);
  if (!picture) return false;
  const shades = new Map<string, number>();
  let shows = 0;
  for (const op of page.paint) {
    if (op.kind !== 'text' || op.annotation || op.hiddenByLayer || !op.text.trim()) continue;
    if (op.renderMode === 3 || op.renderMode === 7 || op.alpha === 0) continue;
    // The recogniser draws its words over the picture; text under it is not its layer.
    if (op.seq < picture.seq || op.fill === null) return false;
    shows++;
    shades.set(op.fill, (shades.get(op.fill) ?? 0) + 1);
  }
  if (shows < MIN_RECOGNISED_SHOWS || shades.size < MIN_INK_SHADES) return false;
  return Math.max(...shades.values()) <= MAX_SHADE_SHARE * shows;
}
