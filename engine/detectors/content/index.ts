import type { Detector } from '../define.js';
import { arithmeticError } from './arithmetic-error.js';
import { contentInconsistency } from './content-inconsistency.js';
import { identifierInvalid } from './identifier-invalid.js';

export const contentDetectors: Detector[] = [arithmeticError, identifierInvalid, contentInconsistency];
