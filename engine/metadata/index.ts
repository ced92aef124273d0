import type { Detector } from '../detect/types.js';

export const metadataDetectors: Detector[] = [];
