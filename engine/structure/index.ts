import type { Detector } from '../detect/types.js';

export const structureDetectors: Detector[] = [];
