/** The "Related documents" panel's words and the inbox filter "has related" (issue 12). */
import { describe, expect, it } from 'vitest';
import type { DocumentCheck, RelatedDocument } from '../../renderer/src/api/contract.js';
import { EMPTY_FILTER, filterChecks, isFilterActive } from '../../renderer/src/lib/filters.js';
import { matchSummary } from '../../renderer/src/lib/related.js';

const flag = (code: string, category: string) =>
  ({ code, category, severity: 'high', title: code, description: '', pages: [1], reasons: [] }) as unknown as DocumentCheck['flags'][number];
const check = (id: string, flags: DocumentCheck['flags']) =>
  ({
    id,
    created_at: '2025-03-10T10:00:00Z',
    status: 'completed',
    decision: 'clear',
    flags,
    document: { filename: `${id}.pdf`, sha256: 'ab' },
    extracted: null,
  }) as unknown as DocumentCheck;

describe('inbox filter "has related"', () => {
  const checks = [check('dc_lib', [flag('reused_content', 'library')]), check('dc_other', [flag('arithmetic_error', 'content')]), check('dc_none', [])];
  it('keeps only checks carrying a library flag, and counts as an active filter', () => {
    expect(filterChecks(checks, { ...EMPTY_FILTER, related: true }).map((c) => c.id)).toEqual(['dc_lib']);
    expect(filterChecks(checks, EMPTY_FILTER)).toHaveLength(3);
    expect(isFilterActive({ ...EMPTY_FILTER, related: true })).toBe(true);
  });
});

describe('related documents panel', () => {
  const item = (relation: RelatedDocument['relation'], details: Record<string, unknown>): RelatedDocument => ({
    object: 'related_document',
    check_id: 'dc_x',
    relation,
    similarity: 0.9,
    details,
  });
  it('says what matched: transactions, references, picture, text share, differing identity', () => {
    const s = matchSummary(
      item('reused_content', {
        matched_row_count: 12,
        references: ['INV1001'],
        picture: { page: 1, other_page: 1, distance: 2 },
        similarity: 0.81,
        differs_in: ['name', 'account'],
      }),
    );
    expect(s).toBe('12 transactions in common · references INV1001 · page 1 picture matches (distance 2/64) · 81 % of the text · different name and account');
  });
  it('names a same file and a template departure', () => {
    expect(matchSummary(item('same_file', { sha256: 'ab' }))).toBe('the same file');
    expect(matchSummary(item('template_mismatch', { expected_producer: 'Core Banking', producer: 'Microsoft Word' }))).toContain(
      'made by Core Banking, this one by Microsoft Word',
    );
  });
});
