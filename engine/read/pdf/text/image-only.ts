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
