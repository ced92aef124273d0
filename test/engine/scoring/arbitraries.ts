import fc from 'fast-check';
import { FLAG_CODES, type FlagCode } from '../../../engine/catalog/flags.js';
import type { Finding } from '../../../engine/types.js';
import { DEFAULT_THRESHOLDS, type Thresholds } from '../../../engine/scoring/bands.js';

export const flagCode = fc.constantFrom(...FLAG_CODES) as fc.Arbitrary<FlagCode>;

export function findingOf(flag: FlagCode, strength: number, detail = 'observed'): Finding {
  return { flag, code: `${flag}.${detail}`, summary: `${flag} observed in a test`, pages: [1], evidence: {}, strength };
}

export const finding = (min = 0.01, max = 1): fc.Arbitrary<Finding> =>
  fc.record({ flag: flagCode, strength: fc.double({ min, max, noNaN: true }) }).map(({ flag, strength }) => findingOf(flag, strength));

export const thresholds: fc.Arbitrary<Thresholds> = fc
  .tuple(fc.integer({ min: 1, max: 98 }), fc.integer({ min: 1, max: 98 }), fc.integer({ min: 1, max: 98 }))
  .map(([a, b, c]) => [...new Set([a, b, c])].sort((x, y) => x - y))
  .filter((v) => v.length === 3)
  .map(([p, s, f]) => ({ pending_below: p, suspicious_below: s, fraudulent_below: f + 1 }));

export { DEFAULT_THRESHOLDS };
