/**
 * Family B: a second, independent forgery family made with other tools and routes than
 * family A (docs/lab.md). Genuine documents come from groff, enscript, WeasyPrint, ReportLab,
 * scanning apps (img2pdf), phones and browser screenshots, in layouts family A never draws.
 * Forgeries are made the way fraudsters make them with those tools: the document re-exported
 * by another program, text export and re-import, overlays merged with pypdf, print to image
 * and back, print and scan, phone photos of an edited print, digits pasted into a scan,
 * copy-move in a re-compressed JPEG, region edits in PNG screenshots, pages swapped between two
 * genuine documents of the same issuer, and metadata routes (late ModDate, scrubbed, future).
 * The detectors are tuned on family A only; family B is the held-out family.
 */
import type { Technique } from './types.js';
import { GENUINE_B } from './family-b/genuine.js';
import { PDF_ROUTES_B } from './family-b/pdf-routes.js';
import { PIXEL_ROUTES_B } from './family-b/pixel-routes.js';

export const FAMILY_B: Technique[] = [...GENUINE_B, ...PDF_ROUTES_B, ...PIXEL_ROUTES_B];
