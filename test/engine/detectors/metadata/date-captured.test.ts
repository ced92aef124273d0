/**
 * A scan or photo wrapped in a PDF is made of paper that already exists: its CreationDate cannot
 * lie months before the date printed on that paper. A rendered file can (an issuing system
 * rendering ahead, a due date read as the document date), so it stays weak there.
 */
import { describe, expect, it } from 'vitest';
import { dateInconsistencyDetector } from '../../../../engine/detectors/metadata/date-inconsistency.js';
import { STRENGTH } from '../../../../engine/detectors/strengths.js';
import { createContextFromSeed } from '../../../../engine/facts/context.js';
import type { PageLayer } from '../../../../engine/read/pdf/text/types.js';
import { EMPTY_EXTRACTED } from '../../../../engine/types.js';
import { contextLimitedTo } from '../../detector-tester.js';
import { STATEMENT_LINES, buildRawPdf } from '../../read/pdf/structure/fixtures.js';

const NOW = '2025-06-01T00:00:00Z';
const S = STRENGTH['date_inconsistency.created_before_document_date'];

function page(imageOnly: boolean): PageLayer {
  return { page: 1, width: 595.28, height: 841.89, runs: [], text: '', imageCoverage: imageOnly ? 1 : 0, imageOnly };
}

/** A receipt printed 26 Feb 2024 in a file created on `created`, its pages pictures or not. */
async function findings(created: string, imageOnly: boolean, documentDate = '2024-02-26') {
  const bytes = buildRawPdf({
    pages: [{ lines: STATEMENT_LINES }],
    info: { Producer: '(GPL Ghostscript 10.0.0)', Creator: '(Scanner)', CreationDate: `(${created})`, ModDate: `(${created})` },
  });
  const pages = [page(imageOnly)];
  const ctx = createContextFromSeed(
    bytes,
    { now: NOW },
    {},
    {
      textLayer: pages,
      pages,
      text: '',
      extracted: { ...EMPTY_EXTRACTED, doc_type: 'receipt', document_date: documentDate },
    },
  );
  await ctx.facts.get('revisions');
  const d = dateInconsistencyDetector;
  const out = await d.run(contextLimitedTo(ctx, d.meta.needs, new Set(), d.meta.id));
  return out.filter((f) => f.code === 'date_inconsistency.created_before_document_date');
}

describe('created before the printed date', () => {
  it('a scanned receipt captured 301 days before the date printed on it: the printed date was moved (strong)', async () => {
    const f = await findings("D:20230501071535Z00'00'", true);
    expect(f).toHaveLength(1);
    expect(f[0].strength).toBe(S.captured);
    expect(f[0].evidence).toMatchObject({ captured: true, differenceDays: 301 });
    expect(f[0].summary).toMatch(/picture/);
  });

  it('the same dates on a rendered receipt: an issuing system may render ahead, weak', async () => {
    const f = await findings("D:20230501071535Z00'00'", false);
    expect(f).toHaveLength(1);
    expect(f[0].strength).toBe(S.rendered);
    expect(f[0].evidence).toMatchObject({ captured: false });
  });

  it('a scanner whose clock was never set (years before the paper): weak, a clock not a forgery', async () => {
    const f = await findings("D:20100101000000Z00'00'", true);
    expect(f).toHaveLength(1);
    expect(f[0].strength).toBe(S.rendered);
  });

  it('a scan made after the date printed on the paper: nothing', async () => {
    expect(await findings("D:20240310093000Z00'00'", true)).toEqual([]);
  });

  it('a scan made within the billing-cycle slack before the printed date: nothing', async () => {
    expect(await findings("D:20240110093000Z00'00'", true)).toEqual([]);
  });
});
