/** The one registry of detectors. Each signal family exports its own list from its folder. */
import { contentDetectors } from '../content/index.js';
import { imageDetectors } from '../image/index.js';
import { pdfDetectors } from '../pdf/detectors/index.js';
import { provenanceDetectors } from '../provenance/index.js';
import type { Detector } from './types.js';

export const DETECTORS: readonly Detector[] = [...pdfDetectors, ...contentDetectors, ...imageDetectors, ...provenanceDetectors];

export function detectorsFor(target: 'pdf' | 'image'): Detector[] {
  return DETECTORS.filter((d) => d.meta.appliesTo.includes(target));
}
