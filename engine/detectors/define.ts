/**
 * Detectors follow ESLint's rule model: one module per detector, exporting its metadata (which
 * flag and reason codes it can emit) and a pure function from context to findings. One registry
 * lists them all (engine/detect/registry.ts); test/engine/detector-tester.ts feeds each one
 * `valid` fixtures (must stay quiet) and `invalid` fixtures (must fire with exactly the stated codes).
 *
 * The declared `emits` is also the type of what `run` may return: `defineDetector` reads the
 * declaration as literal types, so a finding whose code is not declared (or whose flag and code
 * disagree) is a compile error, not a test failure (test/engine/declared-codes.test-d.ts).
 */
import type { FlagCode } from '../catalog/flags.js';
import type { DetectorContext } from '../facts/context.js';
import type { Threshold } from './thresholds.js';
import type { Finding } from '../types.js';

export type DetectorTarget = 'pdf' | 'image';

/** One flag a detector can emit, with the reason details (after the dot) it uses. */
export interface Emit {
  flag: FlagCode;
  reasons: readonly string[];
}

/**
 * A fact a detector reads: by name from the fact store (`ctx.facts.get/now/has`) or through the
 * classic context field of the same name (`ctx.pdf`, `ctx.pages`, `ctx.text`...). The bytes, the
 * type, the options and `ctx.now` are every detector's and are not listed.
 */
export type Need = Parameters<DetectorContext['facts']['now']>[0];

export interface DetectorMeta<E extends readonly Emit[] = readonly Emit[]> {
  /** Stable id, `<family>/<name>`. */
  id: string;
  description: string;
  appliesTo: readonly DetectorTarget[];
  /** Every flag code this detector can emit, with the reason details (after the dot) it uses. */
  emits: E;
  /**
   * Every fact it reads (directly or through helpers it hands the context to). The detector
   * tester runs each case with a context that refuses any other and fails a need no case reads.
   */
  needs: readonly Need[];
  /** Its decision thresholds, read by the code as `T.<name>` (docs/detectors-*.md lists them). */
  thresholds?: Readonly<Record<string, Threshold>>;
}

/**
 * Reason codes (`<flag>.<detail>`) a declaration allows, flag by flag. A mapped type rather than
 * a conditional one: TypeScript keeps string literals literal only against a contextual type it
 * can see through, and a conditional type over the still-inferred `E` widens them to `string`.
 */
export type DeclaredCode<E extends readonly Emit[]> = { [K in keyof E]: `${E[K]['flag']}.${E[K]['reasons'][number]}` }[number];

/** A finding a detector declaring `E` may return: one of its declared reason codes under a declared flag. */
export type DeclaredFinding<E extends readonly Emit[]> = Omit<Finding, 'flag' | 'code'> & { flag: E[number]['flag']; code: DeclaredCode<E> };

/** A finding for one flag and detail, typed by both (what finding builders return). */
export type FindingFor<F extends FlagCode, D extends string> = Omit<Finding, 'flag' | 'code'> & { flag: F; code: `${F}.${D}` };

/**
 * Checks a detector ran but could not carry out on this document (what they need could not be
 * read), reported in `Analysis.incomplete` with cause `unreadable`: a check that could not run
 * is not a pass. `checks` are the reason codes (`<flag>.<detail>`) left unchecked.
 */
export interface Unchecked {
  checks: string[];
  message: string;
}

export interface Detector {
  meta: DetectorMeta;
  run(ctx: DetectorContext): Finding[] | Promise<Finding[]>;
  /** After `run` on the same context: what it could not check, or null (engine/analyze.ts). */
  unchecked?(ctx: DetectorContext): Unchecked | null;
}

/** A detector as written: its `run` returns only what `meta.emits` declares. */
export interface DeclaredDetector<E extends readonly Emit[]> {
  meta: DetectorMeta<E>;
  run(ctx: DetectorContext): DeclaredFinding<E>[] | Promise<DeclaredFinding<E>[]>;
  unchecked?(ctx: DetectorContext): Unchecked | null;
}

/**
 * Declares a detector. `const E` keeps the declared codes as literal types, so `run` is checked
 * against them; the registry sees the plain `Detector`.
 */
export function defineDetector<const E extends readonly Emit[]>(d: DeclaredDetector<E>): Detector {
  return d as Detector;
}
