import type { Detector } from '../../detect/types.js';

export const pdfDetectors: Detector[] = [];
