import type { Detector } from '../detect/types.js';

export const fontsDetectors: Detector[] = [];
