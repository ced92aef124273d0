// SCAFFOLD: replaced by field extraction (helper B).
import { EMPTY_EXTRACTED, type Extracted } from '../types.js';
import type { PageLayer } from '../pdf/text/types.js';

export function extractFields(_pages: PageLayer[], _text: string): Extracted {
  return { ...EMPTY_EXTRACTED };
}
