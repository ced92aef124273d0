import type { Detector } from '../define.js';
import { dateInconsistencyDetector } from './date-inconsistency.js';
import { pdfEditingSoftwareDetector } from './pdf-editing-software.js';
import { infoXmpMismatchDetector } from './info-xmp-mismatch.js';
import { scrubbedMetadataDetector } from './scrubbed-metadata.js';

export const metadataDetectors: Detector[] = [scrubbedMetadataDetector, infoXmpMismatchDetector, dateInconsistencyDetector, pdfEditingSoftwareDetector];
