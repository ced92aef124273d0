import type { Detector } from '../define.js';
import aliasedGlyphs from './aliased-glyphs.js';
import compressionPatch from './compression-patch.js';
import copyMove from './copy-move.js';
import damagedData from './damaged-data.js';
import doubleCompression from './double-compression.js';
import editingSoftware from './image-editing-software.js';
import grainlessPatch from './grainless-patch.js';
import paintedPatch from './painted-patch.js';
import edgeSharpness from './edge-sharpness.js';
import glyphProfile from './glyph-profile.js';
import metadataMismatch from './image-metadata-mismatch.js';
import noiseInconsistency from './noise-inconsistency.js';
import thumbnailMismatch from './thumbnail-mismatch.js';

export const imageDetectors: Detector[] = [editingSoftware, metadataMismatch, thumbnailMismatch, doubleCompression, copyMove, noiseInconsistency, grainlessPatch, edgeSharpness, glyphProfile, paintedPatch, aliasedGlyphs, damagedData, compressionPatch];
