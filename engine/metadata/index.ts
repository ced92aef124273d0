import type { Detector } from '../detect/types.js';
import { dateInconsistencyDetector } from './date-inconsistency.js';
import { editingSoftwareDetector } from './editing-software.js';
import { metadataMismatchDetector } from './metadata-mismatch.js';
import { scrubbedMetadataDetector } from './scrubbed-metadata.js';

export const metadataDetectors: Detector[] = [scrubbedMetadataDetector, metadataMismatchDetector, dateInconsistencyDetector, editingSoftwareDetector];
