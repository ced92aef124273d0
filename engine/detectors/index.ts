/** The one registry of detectors. Each signal family exports its own list from its folder. */
import { contentDetectors } from './content/index.js';
import { fontsDetectors } from './fonts/index.js';
import { imageDetectors } from './image/index.js';
import { metadataDetectors } from './metadata/index.js';
import { overlaysDetectors } from './overlays/index.js';
import { provenanceDetectors } from './provenance/index.js';
import { structureDetectors } from './structure/index.js';
import type { Detector } from './define.js';

export const DETECTORS: readonly Detector[] = [
  ...structureDetectors,
  ...metadataDetectors,
  ...fontsDetectors,
  ...overlaysDetectors,
  ...contentDetectors,
  ...imageDetectors,
  ...provenanceDetectors,
];

export function detectorsFor(target: 'pdf' | 'image'): Detector[] {
  return DETECTORS.filter((d) => d.meta.appliesTo.includes(target));
}
