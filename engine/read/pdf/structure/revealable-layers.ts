/**
 * Whether a PDF gives its reader a designed way to show its switched-off layers: layers that
 * follow the viewing, printing or export event (`/OCProperties /D /AS`: print-only content, a
 * screen-only watermark, colour variants for print) or that links and buttons switch on
 * (`SetOCGState` actions: quiz answers, slide builds, "show solution", presentation steps). Text on such a layer is
 * shown to the reader on demand, by design; a hiding writer offers no control that reveals it.
 */
import type { PdfFile } from './document.js';
import { PdfDict, PdfStream } from './objects.js';

/** Enough to find the first action in real documents without walking huge files. */
const MAX_OBJECTS = 200_000;

export function layersRevealable(file: PdfFile): { how: 'auto_state' | 'set_ocg_state'; object?: number } | null {
  const root = file.dict(file.trailerValue('Root'));
  const oc = file.dict(root?.get('OCProperties'));
  const defaults = file.dict(oc?.get('D'));
  const autoStates = file.resolve(defaults?.get('AS'));
  if (Array.isArray(autoStates) && autoStates.length > 0) return { how: 'auto_state' };
  if (!oc) return null;
  for (const num of file.liveNumbers().slice(0, MAX_OBJECTS)) {
    const v = file.getObject(num);
    const d = v instanceof PdfStream ? v.dict : v instanceof PdfDict ? v : null;
    // The action is its own object, or written inline in a link's or a button's /A, or in a
    // sub-page navigation node's /NA and /PA (PDF 1.5 presentation steps: lecturer, ppower4).
    const actions = d?.name('S') ? [d] : ['A', 'NA', 'PA'].map((k) => file.dict(d?.get(k)));
    if (actions.some((a) => a?.name('S') === 'SetOCGState')) return { how: 'set_ocg_state', object: num };
  }
  return null;
}
