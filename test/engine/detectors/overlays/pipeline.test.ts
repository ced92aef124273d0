/** The whole engine sees what the text-layer detectors see: a retyped amount is reported, a genuine statement is not. */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../engine/analyze.js';
import { amountCell, drawNewAmount, editWithPdfLib, embedLiberation, genuineStatement, rgb } from '../../read/pdf/text/fixtures.js';

const OURS = /^(hidden_content|font_inconsistency)\./;

describe('text-layer findings through analyze()', () => {
  it('reports a white box with a retyped amount in a second subset, on page 1, with its box', async () => {
    const forged = await editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
      page.drawRectangle({ ...amountCell(2), color: rgb(1, 1, 1) });
      await drawNewAmount(page, await embedLiberation(doc), 2, '-1,999.00');
    });
    const result = await analyze(forged, { now: '2024-04-01T00:00:00Z' });
    const codes = result.findings.map((f) => f.code);
    expect(codes).toContain('hidden_content.covered_text_replaced');
    expect(codes).toContain('font_inconsistency.duplicate_subset');
    expect(result.document.format).toBe('digital_pdf');
    expect(result.text).toContain('-1,999.00');
  });

  it('stays quiet on the genuine statement', async () => {
    const result = await analyze(await genuineStatement({ fonts: 'embedded' }), { now: '2024-04-01T00:00:00Z' });
    expect(result.findings.filter((f) => OURS.test(f.code)).map((f) => f.summary)).toEqual([]);
  });
});
