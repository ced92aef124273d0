/**
 * Family D: pixel edits of page pictures made with tools the other families never use for
 * pictures, Pillow (python3-pil) and GraphicsMagick (docs/lab.md): a printed amount copied over
 * another in a JPEG re-saved at another quality, a PNG region retyped in a look-alike font, and
 * a digit pasted from elsewhere on the page in a JPEG saved with its own tables. Each route has a
 * genuine twin through the same chain. Held out from tuning like B and C; its TUNE half is the
 * default base seed, its REPORT half another base seed (docs/lab.md).
 */
import type { Technique } from './types.js';
import { ROUTES_D } from './family-d/routes.js';

export const FAMILY_D: Technique[] = ROUTES_D;
