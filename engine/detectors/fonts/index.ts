import type { Detector } from '../define.js';
import { columnAlignmentDetector } from './column-alignment.js';
import { duplicateSubsetDetector } from './duplicate-subset.js';
import { foreignFontDetector } from './foreign-font.js';
import { isolatedFontDetector } from './isolated-font.js';
import { loneFigureFontDetector } from './lone-figure-font.js';
import { spacingBreakDetector } from './spacing-break.js';

export const fontsDetectors: Detector[] = [
  duplicateSubsetDetector,
  foreignFontDetector,
  isolatedFontDetector,
  loneFigureFontDetector,
  spacingBreakDetector,
  columnAlignmentDetector,
];
