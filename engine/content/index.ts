import type { Detector } from '../detect/types.js';

export const contentDetectors: Detector[] = [];
