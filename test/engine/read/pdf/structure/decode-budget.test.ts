import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { applyDecodeBudget, inflatedSize } from '../../../../../engine/read/pdf/structure/decode-budget.js';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { STATEMENT_LINES, appendUpdate, buildRawPdf } from './fixtures.js';

/** A PDF whose extra object is a Flate stream of `size` zero bytes (a bomb when size is large). */
function withFlate(size: number, count = 1): Uint8Array {
  let pdf = buildRawPdf({ pages: [{ lines: STATEMENT_LINES }] });
  const data = zlib.deflateSync(Buffer.alloc(size), { level: 9 });
  for (let i = 0; i < count; i++) {
    pdf = appendUpdate(pdf, {
      objects: [{ num: 40 + i, body: `<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString('latin1')}\nendstream` }],
    });
  }
  return pdf;
}

describe('decode budget', () => {
  it('measures without inflating past the limit', () => {
    const bomb = zlib.deflateSync(Buffer.alloc(50 * 1024 * 1024));
    expect(inflatedSize(bomb, 1024 * 1024)).toBe(1024 * 1024 + 1);
    expect(inflatedSize(zlib.deflateSync(Buffer.alloc(1000)), 1024)).toBe(1000);
  });

  it('keeps a document within budget byte for byte', () => {
    const pdf = withFlate(100_000);
    const out = applyDecodeBudget(pdf, { perStreamBytes: 1_000_000, totalBytes: 10_000_000 });
    expect(out.refused).toEqual([]);
    expect(out.bytes).toBe(pdf);
  });

  it('neutralises a stream over the per-stream budget in a same-length copy that still parses', async () => {
    const pdf = withFlate(8 * 1024 * 1024);
    const out = applyDecodeBudget(pdf, { perStreamBytes: 1024 * 1024, totalBytes: 64 * 1024 * 1024 });
    expect(out.refused).toHaveLength(1);
    expect(out.refused[0]).toMatchObject({ object: '40 0', why: 'stream_over_budget', decodedAtLeast: 1024 * 1024 + 1 });
    expect(out.bytes.length).toBe(pdf.length);
    const structure = await parsePdfStructure(out.bytes);
    expect(structure.pageCount).toBe(1);
    expect(structure.repairs).toEqual([]);
  });

  it('refuses the streams that push the document over its total', () => {
    const pdf = withFlate(600_000, 4);
    const out = applyDecodeBudget(pdf, { perStreamBytes: 1_000_000, totalBytes: 1_500_000 });
    expect(out.refused.map((r) => r.why)).toEqual(['document_over_budget', 'document_over_budget']);
    expect(out.decodedBytes).toBeLessThanOrEqual(1_500_000);
  });
});
