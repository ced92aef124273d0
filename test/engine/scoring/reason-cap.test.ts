/**
 * Regression (hardening issue, item 5): a PDF with 10,000 revisions gave a flag with 10,000
 * reasons, a 3 MB check and a 13.8 MB list page. Reasons are capped per flag, most telling first,
 * with one closing reason that counts the rest; every finding still counts towards the score.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../engine/analyze.js';
import { MAX_REASONS_PER_FLAG, groupFindings } from '../../../engine/scoring/flags.js';
import { scoreAnalysis } from '../../../engine/scoring/score.js';
import type { Finding } from '../../../engine/types.js';
import { STATEMENT_LINES, buildRawPdf, contentEditUpdate } from '../read/pdf/structure/fixtures.js';
import { DEFAULT_THRESHOLDS } from './arbitraries.js';

const observation = (i: number, detail: string, strength: number): Finding => ({
  flag: 'incremental_edit',
  code: `incremental_edit.${detail}`,
  summary: `Revision ${i + 2} changed the text of page 1`,
  pages: [1 + (i % 7)],
  evidence: { revision: i + 2 },
  strength,
});

describe('reasons per flag', () => {
  it('lists the strongest of each kind first and counts the rest in one closing reason', () => {
    const findings = [
      ...Array.from({ length: 10_000 }, (_, i) => observation(i, 'content_changed', 0.3 + (i % 100) / 1000)),
      observation(10_001, 'page_added', 0.05),
    ];
    const [flag] = groupFindings(findings);
    const reasons = flag.flag.reasons;
    expect(reasons).toHaveLength(MAX_REASONS_PER_FLAG);
    expect(reasons.map((r) => r.code)).toContain('incremental_edit.page_added');
    expect(reasons[0].evidence.revision).toBeDefined();
    const closing = reasons.at(-1)!;
    expect(closing.code).toBe('incremental_edit.more_reasons');
    expect(closing.evidence).toEqual({
      omitted_count: 10_001 - (MAX_REASONS_PER_FLAG - 1),
      omitted_by_code: { 'incremental_edit.content_changed': 10_001 - (MAX_REASONS_PER_FLAG - 1) },
    });
    expect(flag.flag.pages).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The score sees every observation, not only the listed ones.
    const all = scoreAnalysis(
      { findings, document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 7 }, extracted: { doc_type: null } as never, text: '' },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
    expect(all.flags[0].reasons).toHaveLength(MAX_REASONS_PER_FLAG);
  });

  it('keeps a flag with few reasons whole', () => {
    const [flag] = groupFindings([observation(0, 'content_changed', 0.6), observation(1, 'content_changed', 0.5)]);
    expect(flag.flag.reasons.map((r) => r.code)).toEqual(['incremental_edit.content_changed', 'incremental_edit.content_changed']);
  });

  it('a PDF edited in 300 incremental updates yields a check of bounded size', async () => {
    let pdf = buildRawPdf({ pages: [{ lines: STATEMENT_LINES }] });
    for (let i = 0; i < 300; i++) {
      pdf = contentEditUpdate(
        pdf,
        1,
        0,
        STATEMENT_LINES.map((l, j) => (j === 2 ? { ...l, text: `Balance ${1000 + i}.00` } : l)),
      );
    }
    const analysis = await analyze(pdf);
    const verdict = scoreAnalysis(
      { findings: analysis.findings, document: { ...analysis.document }, extracted: analysis.extracted, text: analysis.text },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
    expect(verdict.flags.length).toBeGreaterThan(0);
    for (const f of verdict.flags) expect(f.reasons.length).toBeLessThanOrEqual(MAX_REASONS_PER_FLAG);
    expect(JSON.stringify(verdict.flags).length).toBeLessThan(200_000);
  });
});
