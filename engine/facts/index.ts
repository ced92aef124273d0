/** The fact store of one document: see engine/facts/types.ts for the facts and store.ts for the rules. */
import { PRODUCERS } from './producers.js';
import { FactStore } from './store.js';
import type { DocumentFactStore, FactInputs, Facts } from './types.js';

export type { DocumentFactStore, FactInputs, Facts } from './types.js';

/** `seed` fixes facts up front (tests that start from a text layer rather than a file). */
export function createFactStore(inputs: FactInputs, timings: Record<string, number>, seed: Partial<Facts> = {}): DocumentFactStore {
  return new FactStore<Facts, FactInputs>(inputs, PRODUCERS, timings, seed);
}
