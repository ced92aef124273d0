import { createHash } from 'node:crypto';

/** Changing it re-deals every split: tuned-on sources would land in test. */
export const SPLIT_SEED = 'veracity-real-v1';

export type Split = 'tune' | 'validate' | 'test';

/**
 * The split of a source (a package, a repository, a folder): a pure function of the seed and its
 * name, 50 % tune, 20 % validate, 30 % test, so no source is ever in two splits.
 */
export function splitOf(unit: string): Split {
  const x = createHash('sha256').update(`${SPLIT_SEED}:${unit}`).digest().readUInt32BE(0) / 2 ** 32;
  return x < 0.5 ? 'tune' : x < 0.7 ? 'validate' : 'test';
}
