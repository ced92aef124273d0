/**
 * ESLint-RuleTester-style harness for detectors: every detector gets `valid` cases (it must stay
 * quiet) and `invalid` cases (it must fire with exactly the stated reason codes: a reason the
 * case does not list, or a listed one that does not fire, fails it). It also checks that a
 * detector only emits what its metadata declares and that every finding carries evidence a
 * reviewer can use. test/engine/detectors/reason-coverage.test.ts reads the `reasons` of these cases to
 * prove every declared reason has a fixture that fires it.
 */
import { describe, expect, it } from 'vitest';
import { buildContextForTest } from './context-for-test.js';
import type { Detector } from '../../engine/detectors/define.js';
import type { DetectorContext } from '../../engine/facts/context.js';
import type { Finding } from '../../engine/types.js';
import { missing, type Need } from '../support/environment.js';

export interface DetectorCase {
  name: string;
  /** Bytes of a document, or a ready context. */
  input: Uint8Array | (() => Promise<Uint8Array> | Uint8Array) | (() => Promise<DetectorContext>);
  /** Optional override of the context (e.g. a fixed `now`). */
  now?: string;
  /** Resources beyond the repository; the case skips where one is absent (loaders may carry them too). */
  needs?: Need[];
}

function lacking(c: DetectorCase): Need[] {
  const fromInput = (c.input as { needs?: Need[] }).needs ?? [];
  return missing(...(c.needs ?? []), ...fromInput);
}

export interface InvalidCase extends DetectorCase {
  /**
   * Exactly the reason codes the detector reports on this input (full `<flag>.<detail>` form,
   * each distinct code once, any order): as in RuleTester, an unlisted extra reason fails too.
   */
  reasons: string[];
  /** Optional extra assertion on the findings. */
  check?: (findings: Finding[]) => void;
}

async function contextOf(c: DetectorCase): Promise<DetectorContext> {
  const raw = typeof c.input === 'function' ? await c.input() : c.input;
  if (raw instanceof Uint8Array) return buildContextForTest(raw, { now: c.now });
  return raw;
}

function assertDeclared(detector: Detector, findings: Finding[]): void {
  for (const f of findings) {
    const declared = detector.meta.emits.find((e) => e.flag === f.flag);
    expect(declared, `${detector.meta.id} emitted undeclared flag ${f.flag}`).toBeDefined();
    const [flag, detail] = f.code.split('.', 2);
    expect(flag).toBe(f.flag);
    expect(declared!.reasons, `${detector.meta.id} emitted undeclared reason ${f.code}`).toContain(detail);
    expect(f.strength).toBeGreaterThan(0);
    expect(f.strength).toBeLessThanOrEqual(1);
    expect(f.summary.length).toBeGreaterThan(10);
    expect(f.pages.every((p) => Number.isInteger(p) && p >= 1)).toBe(true);
  }
}

export function testDetector(detector: Detector, cases: { valid: DetectorCase[]; invalid: InvalidCase[] }): void {
  describe(`detector ${detector.meta.id}`, () => {
    it('declares at least one flag and reason', () => {
      expect(detector.meta.emits.length).toBeGreaterThan(0);
      expect(cases.valid.length, 'needs a fixture that keeps it quiet').toBeGreaterThan(0);
      expect(cases.invalid.length, 'needs a fixture that makes it fire').toBeGreaterThan(0);
    });
    for (const c of cases.valid) {
      it.skipIf(lacking(c).length > 0)(`stays quiet: ${c.name}`, async () => {
        const findings = await detector.run(await contextOf(c));
        expect(findings.map((f) => `${f.code}: ${f.summary}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it.skipIf(lacking(c).length > 0)(`fires: ${c.name}`, async () => {
        const findings = await detector.run(await contextOf(c));
        assertDeclared(detector, findings);
        const codes = [...new Set(findings.map((f) => f.code))].sort();
        const expected = [...new Set(c.reasons)].sort();
        expect(codes, findings.map((f) => `${f.code}: ${f.summary}`).join('\n')).toEqual(expected);
        c.check?.(findings);
      });
    }
  });
}
