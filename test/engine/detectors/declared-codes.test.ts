/**
 * A detector's declared `emits` is the type of what it may report. The `@ts-expect-error` lines
 * below are the test: `npm run typecheck` compiles this file, and if any of them stopped being an
 * error (an undeclared reason accepted, a detail typed as plain string accepted) tsc fails with
 * "Unused '@ts-expect-error' directive". The runtime part checks the declared detectors still run.
 */
import { describe, expect, it } from 'vitest';
import { defineDetector, type DeclaredCode, type FindingFor } from '../../../engine/detectors/define.js';
import { finding } from '../../../engine/detectors/content/evidence.js';
import type { Line } from '../../../engine/read/extract/layout.js';

const base = { summary: 'A summary long enough for the tester.', pages: [1], evidence: { page: 1 }, strength: 0.5 };
const emits = [
  { flag: 'date_inconsistency', reasons: ['future_date'] },
  { flag: 'metadata_mismatch', reasons: ['producer_differs'] },
] as const;

const declared = defineDetector({
  meta: { id: 'test/declared', description: 'reports only what it declares', appliesTo: ['pdf'], needs: [], emits },
  run: () => [
    { ...base, flag: 'date_inconsistency', code: 'date_inconsistency.future_date' },
    { ...base, flag: 'metadata_mismatch', code: 'metadata_mismatch.producer_differs' },
  ],
});

defineDetector({
  meta: { id: 'test/undeclared-reason', description: 'x', appliesTo: ['pdf'], needs: [], emits: [{ flag: 'date_inconsistency', reasons: ['future_date'] }] },
  // @ts-expect-error `late_modification` is not among the declared reasons.
  run: () => [{ ...base, flag: 'date_inconsistency', code: 'date_inconsistency.late_modification' }],
});

defineDetector({
  meta: { id: 'test/undeclared-flag', description: 'x', appliesTo: ['pdf'], needs: [], emits: [{ flag: 'date_inconsistency', reasons: ['future_date'] }] },
  // @ts-expect-error `hidden_content` is not a declared flag.
  run: () => [{ ...base, flag: 'hidden_content', code: 'hidden_content.future_date' }],
});

defineDetector({
  meta: { id: 'test/crossed', description: 'x', appliesTo: ['pdf'], needs: [], emits },
  // @ts-expect-error a reason of one declared flag under another declared flag.
  run: () => [{ ...base, flag: 'metadata_mismatch', code: 'metadata_mismatch.future_date' }],
});

defineDetector({
  meta: { id: 'test/async', description: 'x', appliesTo: ['pdf'], needs: [], emits: [{ flag: 'date_inconsistency', reasons: ['future_date'] }] },
  // @ts-expect-error async detectors are checked the same way.
  run: async () => [{ ...base, flag: 'date_inconsistency', code: 'date_inconsistency.typo' }],
});

defineDetector({
  meta: {
    id: 'test/unknown-need',
    description: 'x',
    appliesTo: ['pdf'],
    // @ts-expect-error a need is the name of a fact of the store, not any string.
    needs: ['ocrText'],
    emits: [{ flag: 'date_inconsistency', reasons: ['future_date'] }],
  },
  run: () => [],
});

const detail: string = 'future_date';
defineDetector({
  meta: { id: 'test/open-detail', description: 'x', appliesTo: ['pdf'], needs: [], emits: [{ flag: 'date_inconsistency', reasons: ['future_date'] }] },
  // @ts-expect-error a detail computed as plain `string` could be anything, so it is refused.
  run: () => [{ ...base, flag: 'date_inconsistency', code: `date_inconsistency.${detail}` }],
});

// The shared builder of content findings keeps its detail literal, so detectors using it are checked too.
const line = { page: 1, text: 'Total 10.00', cells: [] } as unknown as Line;
const built: FindingFor<'arithmetic_error', 'invoice_total'> = finding('arithmetic_error', 'invoice_total', 'Totals disagree here.', line, 0.5);
// @ts-expect-error the builder's code carries its detail.
const wrong: FindingFor<'arithmetic_error', 'invoice_total'> = finding('arithmetic_error', 'tax_rate', 'Totals disagree here.', line, 0.5);
type Codes = DeclaredCode<typeof emits>;
const codes: Codes[] = ['date_inconsistency.future_date', 'metadata_mismatch.producer_differs'];

describe('declared codes', () => {
  it('a detector reporting only declared codes compiles and runs', async () => {
    const found = await declared.run({} as never);
    expect(found.map((f) => f.code)).toEqual(codes);
    expect(built.code).toBe('arithmetic_error.invoice_total');
    expect(wrong.code).toBe('arithmetic_error.tax_rate');
  });
});
