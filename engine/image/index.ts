import type { Detector } from '../detect/types.js';
import { aliasedGlyphsDetector } from './aliased-glyphs.js';
import { compressionPatchDetector } from './compression-patch.js';
import { copyMoveDetector } from './copy-move.js';
import { damagedDataDetector } from './damaged-data.js';
import { doubleCompressionDetector } from './double-compression.js';
import { editingSoftwareDetector } from './editing-software.js';
import { grainlessPatchDetector } from './grainless-patch.js';
import { paintedPatchDetector } from './painted-patch.js';
import { edgeSharpnessDetector } from './edge-sharpness.js';
import { glyphProfileDetector } from './glyph-profile.js';
import { metadataMismatchDetector } from './metadata-mismatch.js';
import { noiseInconsistencyDetector } from './noise-inconsistency.js';
import { thumbnailMismatchDetector } from './thumbnail-mismatch.js';

export const imageDetectors: Detector[] = [editingSoftwareDetector, metadataMismatchDetector, thumbnailMismatchDetector, doubleCompressionDetector, copyMoveDetector, noiseInconsistencyDetector, grainlessPatchDetector, edgeSharpnessDetector, glyphProfileDetector, paintedPatchDetector, aliasedGlyphsDetector, damagedDataDetector, compressionPatchDetector];
