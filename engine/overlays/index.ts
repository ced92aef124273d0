import type { Detector } from '../detect/types.js';

export const overlaysDetectors: Detector[] = [];
