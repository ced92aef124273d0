/**
 * Family C: forgeries whose file structure looks clean, made with yet other tool chains than
 * families A and B (docs/lab.md): an edit re-distilled by Ghostscript, the document made again by
 * Chromium (Skia), WeasyPrint or ReportLab, digits swapped in a content stream in the same font
 * and widths (qpdf --qdf), metadata stripped (exiftool -all=, qpdf), and pages rasterised and
 * wrapped as a scanner's PDF (img2pdf). Every edit changes one value so that the document no
 * longer agrees with itself; each route has a genuine twin made by the same chain without an
 * edit. Held out from tuning like family B.
 */
import type { Technique } from './types.js';
import { ROUTES_C } from './family-c/routes.js';

export const FAMILY_C: Technique[] = ROUTES_C;
