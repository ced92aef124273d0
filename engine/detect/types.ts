/**
 * Detectors follow ESLint's rule model: one module per detector, exporting its metadata (which
 * flag and reason codes it can emit) and a pure function from context to findings. One registry
 * lists them all (engine/detect/registry.ts); test/engine/detector-tester.ts feeds each one
 * `valid` fixtures (must stay quiet) and `invalid` fixtures (must fire with the stated codes).
 */
import type { FlagCode } from '../catalog/flags.js';
import type { DetectorContext } from '../context.js';
import type { Finding } from '../types.js';

export type DetectorTarget = 'pdf' | 'image';

export interface DetectorMeta {
  /** Stable id, `<family>/<name>`. */
  id: string;
  description: string;
  appliesTo: readonly DetectorTarget[];
  /** Every flag code this detector can emit, with the reason details (after the dot) it uses. */
  emits: ReadonlyArray<{ flag: FlagCode; reasons: readonly string[] }>;
}

export interface Detector {
  meta: DetectorMeta;
  run(ctx: DetectorContext): Finding[] | Promise<Finding[]>;
}

/** Helper so detector modules read declaratively. */
export function defineDetector(d: Detector): Detector {
  return d;
}
