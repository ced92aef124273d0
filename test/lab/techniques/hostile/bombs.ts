import type { Technique } from '../types.js';

export const BOMBS_H: Technique[] = [];
