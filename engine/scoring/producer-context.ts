/**
 * What genuine producers do (issue 30): a reason that genuine files of one producer family
 * commonly show is that family's habit, not evidence, on a file the family wrote. The table
 * (`producer-context.generated.ts`, explained in docs/producer-rates.md) is measured by
 * `npm run producer-rates` on the real genuine corpus (tune and validate splits, never test)
 * against the lab's forgeries, so it is knowledge learned from many files, not a threshold
 * tuned on one.
 *
 * Only habits count: how a producer writes fonts, metadata, dates and structure. Reasons that
 * record an act (an incremental edit, a cover over text, broken arithmetic, a changed signature,
 * a manipulated picture) keep their weight whoever wrote the file: an editor that leaves the
 * issuer's Producer in place would otherwise borrow the issuer's habits.
 */
import { familyOf } from '../kit/producer-family.js';
import type { Finding } from '../types.js';
import type { FlagCode } from '../../vocabulary/flags.js';
import { CONTEXT_STRENGTH } from './calibration.js';
import { PRODUCER_HABITS } from './producer-context.generated.js';
import type { ProducerHabits } from './producer-habits.js';

export type { ProducerHabit, ProducerHabits } from './producer-habits.js';

/** Flags that describe how a file was written, as opposed to what was done to it. */
export const HABIT_FLAGS: ReadonlySet<FlagCode> = new Set<FlagCode>([
  'font_inconsistency',
  'metadata_mismatch',
  'date_inconsistency',
  'scrubbed_metadata',
  'structural_anomaly',
  'page_inconsistency',
  'editing_software',
  'low_trust_origin',
  'active_content',
]);

/** The family a PDF's producer and creator name; null when neither is named. */
export function producerFamily(producer: string | undefined, creator: string | undefined): string | null {
  const family = familyOf(producer ?? '', creator ?? '');
  return family === 'none' ? null : family;
}

/**
 * Findings with the family's habits as context: strength at most CONTEXT_STRENGTH and a summary
 * that says how common the reason is on the family's genuine files.
 */
export function withProducerContext(findings: readonly Finding[], family: string | null, habits: ProducerHabits = PRODUCER_HABITS): Finding[] {
  const known = family ? habits[family] : undefined;
  if (!known) return [...findings];
  return findings.map((f) => {
    const habit = Object.prototype.hasOwnProperty.call(known, f.code) ? known[f.code] : undefined;
    if (!habit || !HABIT_FLAGS.has(f.flag) || f.strength <= CONTEXT_STRENGTH) return f;
    return {
      ...f,
      strength: CONTEXT_STRENGTH,
      summary: `${f.summary} Common on genuine files of this producer family (${family}: ${habit.carrying} of ${habit.files} in the real corpus), so context here.`,
      evidence: { ...f.evidence, producerHabit: { family, ...habit } },
    };
  });
}
