import type { Detector } from '../define.js';
import { dateInconsistencyDetector } from './date-inconsistency.js';
import { editingSoftwareDetector } from './pdf-editing-software.js';
import { metadataMismatchDetector } from './info-xmp-mismatch.js';
import { scrubbedMetadataDetector } from './scrubbed-metadata.js';

export const metadataDetectors: Detector[] = [scrubbedMetadataDetector, metadataMismatchDetector, dateInconsistencyDetector, editingSoftwareDetector];
