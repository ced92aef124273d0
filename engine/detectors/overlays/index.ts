import type { Detector } from '../define.js';
import { coveredTextDetector } from './covered-text.js';
import { invisibleTextDetector } from './invisible-text.js';

export const overlaysDetectors: Detector[] = [coveredTextDetector, invisibleTextDetector];
