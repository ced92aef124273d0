/** Hardening issue, item 4: the default pool is sized by memory as well as by cores. */
import { describe, expect, it } from 'vitest';
import { defaultWorkerCount } from '../../../electron/service/queue/analysis-runner.js';

const GiB = 1024 ** 3;

describe('default analysis pool', () => {
  it.each([
    [2, 24 * GiB, 1],
    [8, 64 * GiB, 7],
    [16, 8 * GiB, 4],
    [16, 2 * GiB, 1],
    [1, 1 * GiB, 1],
  ])('%i cores and %d bytes: %i workers', (cores, memory, expected) => {
    expect(defaultWorkerCount(cores, memory)).toBe(expected);
  });
});
