/**
 * Corroborating reasons (issue 30): observations that are a producer's habit on their own but
 * add weight beside a finding of an act. A PDF without any metadata (no Info, no XMP, no /ID) is
 * what mutool, pdf-lib, qpdf and PyMuPDF write when nobody sets metadata, and a forger who
 * strips an edited file leaves the same thing. Alone it is context (it never makes a document
 * pending); beside an edit, broken arithmetic, a date that cannot be or a cover, it is the
 * stripping that went with the act and keeps its (calibrated) weight.
 *
 * Applied in the scorer after calibration, so it is the calibrated strength that is kept or
 * brought down to context, and a workspace that disables the act's flag also drops the boost.
 */
import type { Finding } from '../types.js';
import { CONTEXT_STRENGTH } from './calibration.js';
import { HABIT_FLAGS } from './producer-context.js';

/** Reason codes that count only beside a finding of an act. */
export const CORROBORATING_ONLY: ReadonlySet<string> = new Set(['scrubbed_metadata.no_metadata']);

/**
 * A finding of an act: evidence (above context) of a flag that records something done to the
 * document (incremental edit, cover, arithmetic, content dates, pixels...), not how it was written.
 */
export function isActFinding(f: Pick<Finding, 'flag' | 'code' | 'strength'>): boolean {
  return f.strength > CONTEXT_STRENGTH && !HABIT_FLAGS.has(f.flag) && !CORROBORATING_ONLY.has(f.code);
}

/**
 * Findings with corroborating-only reasons brought down to context when no act is present, with
 * a summary that says why; unchanged (same objects) when an act is present or none applies.
 */
export function withCorroboration(findings: readonly Finding[]): Finding[] {
  if (findings.some(isActFinding)) return [...findings];
  return findings.map((f) =>
    CORROBORATING_ONLY.has(f.code) && f.strength > CONTEXT_STRENGTH
      ? {
          ...f,
          strength: CONTEXT_STRENGTH,
          summary: `${f.summary} No finding of an edit, a cover, broken arithmetic or an impossible date is present, so it is context here.`,
        }
      : f,
  );
}
