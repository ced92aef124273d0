import type { Detector } from '../define.js';
import { activeContentDetector } from './active-content.js';
import { encryptionDetector } from './encryption.js';
import { incrementalEditDetector } from './incremental-edit.js';
import { pageInconsistencyDetector } from './page-inconsistency.js';
import { readerDisagreementDetector } from './reader-disagreement.js';
import { signatureInvalidatedDetector } from './signature-invalidated.js';
import { structuralAnomalyDetector } from './structural-anomaly.js';

export const structureDetectors: Detector[] = [
  incrementalEditDetector,
  signatureInvalidatedDetector,
  structuralAnomalyDetector,
  activeContentDetector,
  pageInconsistencyDetector,
  readerDisagreementDetector,
  encryptionDetector,
];
