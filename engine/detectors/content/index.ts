import type { Detector } from '../define.js';
import { arithmeticErrorDetector } from './arithmetic-error.js';
import { contentInconsistencyDetector } from './content-inconsistency.js';
import { einvoiceMismatchDetector } from './einvoice-mismatch.js';
import { identifierInvalidDetector } from './identifier-invalid.js';
import { restatedFiguresDetector } from './restated-figures.js';

export const contentDetectors: Detector[] = [
  arithmeticErrorDetector,
  identifierInvalidDetector,
  contentInconsistencyDetector,
  einvoiceMismatchDetector,
  restatedFiguresDetector,
];
