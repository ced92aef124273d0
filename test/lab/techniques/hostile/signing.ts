import type { Technique } from '../types.js';

export const SIGNING_H: Technique[] = [];
