/** Every technique the lab can make, by id. */
import { AI_GENERATED } from './ai.js';
import { GENUINE } from './genuine.js';
import { IMAGE_FORGERIES } from './images.js';
import { PIXEL_FORGERIES } from './pixel-forgeries.js';
import { TAMPERED } from './tampered.js';
import { FAMILY_B } from './family-b.js';
import { FAMILY_C } from './family-c.js';
import { FAMILY_D } from './family-d.js';
import { FAMILY_H } from './hostile.js';
import type { Technique } from './types.js';

export const TECHNIQUES: readonly Technique[] = [
  ...GENUINE,
  ...TAMPERED,
  ...IMAGE_FORGERIES,
  ...PIXEL_FORGERIES,
  ...AI_GENERATED,
  ...FAMILY_B,
  ...FAMILY_C,
  ...FAMILY_D,
  ...FAMILY_H,
];

const BY_ID = new Map(TECHNIQUES.map((t) => [t.id, t]));

export function technique(id: string): Technique {
  const t = BY_ID.get(id);
  if (!t) throw new Error(`unknown technique ${id}`);
  return t;
}

export type { BuiltSample, SampleSpec, Technique } from './types.js';
