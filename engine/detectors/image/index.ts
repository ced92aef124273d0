import type { Detector } from '../define.js';
import { aliasedGlyphsDetector } from './aliased-glyphs.js';
import { compressionPatchDetector } from './compression-patch.js';
import { copyMoveDetector } from './copy-move.js';
import { damagedDataDetector } from './damaged-data.js';
import { doubleCompressionDetector } from './double-compression.js';
import { imageEditingSoftwareDetector } from './image-editing-software.js';
import { grainlessPatchDetector } from './grainless-patch.js';
import { paintedPatchDetector } from './painted-patch.js';
import { edgeSharpnessDetector } from './edge-sharpness.js';
import { glyphProfileDetector } from './glyph-profile.js';
import { imageMetadataMismatchDetector } from './image-metadata-mismatch.js';
import { noiseInconsistencyDetector } from './noise-inconsistency.js';
import { thumbnailMismatchDetector } from './thumbnail-mismatch.js';

export const imageDetectors: Detector[] = [
  imageEditingSoftwareDetector,
  imageMetadataMismatchDetector,
  thumbnailMismatchDetector,
  doubleCompressionDetector,
  copyMoveDetector,
  noiseInconsistencyDetector,
  grainlessPatchDetector,
  edgeSharpnessDetector,
  glyphProfileDetector,
  paintedPatchDetector,
  aliasedGlyphsDetector,
  damagedDataDetector,
  compressionPatchDetector,
];
