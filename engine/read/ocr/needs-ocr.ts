/** Which pages OCR must read: kept apart from the OCR engine so that detectors can ask without loading it. */
import type { PageLayer } from '../pdf/text/types.js';

/** A page whose own text (visible or an invisible OCR layer) has more characters than this is not re-read. */
const TEXT_LAYER_CHARS = 10;

/** An image-only PDF page with no text of its own (a scanner's invisible OCR layer counts as text). */
export function needsOcr(page: PageLayer): boolean {
  if (!page.imageOnly) return false;
  const chars = page.runs.reduce((n, r) => n + r.text.replace(/\s/g, '').length, 0);
  return chars <= TEXT_LAYER_CHARS;
}
