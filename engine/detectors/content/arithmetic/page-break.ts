/**
 * A table row split by a page break and drawn on both pages (wkhtmltopdf and other WebKit/Qt
 * printers draw the whole row on each side, each copy clipped to its page's content area): the
 * text layer holds it twice, the last row of one page and the first of the next. Summed or
 * walked twice it breaks arithmetic that the printed document gets right.
 */
import type { Line } from '../../../read/extract/layout.js';

function words(line: Line): string {
  return line.text.replace(/\s+/g, ' ').trim();
}

/** `line` opens the page after `previous`'s and repeats it word for word. */
export function repeatsAcrossPageBreak(line: Line, previous: Line | null | undefined): boolean {
  return !!previous && line.page === previous.page + 1 && words(line) === words(previous);
}
