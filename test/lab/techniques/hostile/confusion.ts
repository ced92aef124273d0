import type { Technique } from '../types.js';

export const CONFUSION_H: Technique[] = [];
