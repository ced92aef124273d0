/**
 * ESLint-RuleTester-style harness for detectors: every detector gets `valid` cases (it must stay
 * quiet) and `invalid` cases (it must fire with exactly the stated reason codes: a reason the
 * case does not list, or a listed one that does not fire, fails it). It also checks that a
 * detector only emits what its metadata declares and that every finding carries evidence a
 * reviewer can use. test/engine/detectors/reason-coverage.test.ts reads the `reasons` of these cases to
 * prove every declared reason has a fixture that fires it.
 */
import { basename, dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContextForTest } from './context-for-test.js';
import type { Detector, Need as FactNeed } from '../../engine/detectors/define.js';
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

/** Context fields that are classic getters over the fact of the same name. */
const CLASSIC_FIELDS: ReadonlySet<string> = new Set<FactNeed>(['pdf', 'revisions', 'pages', 'image', 'extracted', 'text']);
const FACT_READS: ReadonlySet<string> = new Set(['get', 'now', 'has']);

/**
 * The context as a detector declaring `needs` may see it: reading any other fact (through the
 * store or a classic field) throws, and every fact read is recorded in `read`.
 */
export function contextLimitedTo(ctx: DetectorContext, needs: readonly FactNeed[], read: Set<string>, id = 'the detector'): DetectorContext {
  const allowed = new Set<string>(needs);
  const use = (name: string) => {
    if (!allowed.has(name)) throw new Error(`${id} reads the fact "${name}" but does not declare it in meta.needs`);
    read.add(name);
  };
  const facts = new Proxy(ctx.facts, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop !== 'string' || !FACT_READS.has(prop) || typeof value !== 'function') return value;
      return (name: string) => {
        use(name);
        return (value as (n: string) => unknown).call(target, name);
      };
    },
  });
  return new Proxy(ctx, {
    get(target, prop, receiver) {
      if (prop === 'facts') return facts;
      if (typeof prop === 'string' && CLASSIC_FIELDS.has(prop)) use(prop);
      return Reflect.get(target, prop, receiver);
    },
  });
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

/** Facts each detector's cases read, over every `testDetector` call of the test file. */
const READ = new Map<Detector, { read: Set<string>; skipped: boolean }>();

/** `test/engine/<family>/<name>.test.ts` for detector `<family>/<name>`: where its own cases live. */
function isOwnTestFile(detector: Detector, path: string): boolean {
  const [family, name] = detector.meta.id.split('/');
  return basename(path) === `${name}.test.ts` && basename(dirname(path)) === family;
}

/**
 * In the detector's own test file, after all its cases: every fact it declares was read by one
 * of them, so `needs` lists what the detector reads, not everything it might.
 */
function checkNeedsRead(detector: Detector, path: string): void {
  if (READ.has(detector)) return;
  const seen = { read: new Set<string>(), skipped: false };
  READ.set(detector, seen);
  if (!isOwnTestFile(detector, path)) return;
  afterAll(() => {
    if (seen.skipped) return;
    const unread = detector.meta.needs.filter((n) => !seen.read.has(n));
    if (unread.length) throw new Error(`${detector.meta.id} declares needs no case reads: ${unread.join(', ')}`);
  });
}

export function testDetector(detector: Detector, cases: { valid: DetectorCase[]; invalid: InvalidCase[] }): void {
  checkNeedsRead(detector, expect.getState().testPath ?? '');
  const seen = READ.get(detector)!;
  const run = async (c: DetectorCase) => detector.run(contextLimitedTo(await contextOf(c), detector.meta.needs, seen.read, detector.meta.id));
  for (const c of [...cases.valid, ...cases.invalid]) if (lacking(c).length > 0) seen.skipped = true;
  describe(`detector ${detector.meta.id}`, () => {
    it('declares at least one flag and reason', () => {
      expect(detector.meta.emits.length).toBeGreaterThan(0);
      expect(cases.valid.length, 'needs a fixture that keeps it quiet').toBeGreaterThan(0);
      expect(cases.invalid.length, 'needs a fixture that makes it fire').toBeGreaterThan(0);
    });
    for (const c of cases.valid) {
      it.skipIf(lacking(c).length > 0)(`stays quiet: ${c.name}`, async () => {
        const findings = await run(c);
        expect(findings.map((f) => `${f.code}: ${f.summary}`)).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it.skipIf(lacking(c).length > 0)(`fires: ${c.name}`, async () => {
        const findings = await run(c);
        assertDeclared(detector, findings);
        const codes = [...new Set(findings.map((f) => f.code))].sort();
        const expected = [...new Set(c.reasons)].sort();
        expect(codes, findings.map((f) => `${f.code}: ${f.summary}`).join('\n')).toEqual(expected);
        c.check?.(findings);
      });
    }
  });
}
