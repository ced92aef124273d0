import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { applyDecodeBudget, DEFAULT_DECODE_BUDGET, inflatedSize } from '../../../../../engine/read/pdf/structure/decode-budget.js';
import { openPdfFile, parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { chainBomb, DRAW, flate, formOf, honestScan, image, MiB, pageWith } from './bomb-fixtures.js';
import { STATEMENT_LINES, appendUpdate, buildRawPdf, hasQpdf, qpdf } from './fixtures.js';

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

const budgetOf = (pdf: Uint8Array) => applyDecodeBudget(pdf, DEFAULT_DECODE_BUDGET, openPdfFile(pdf));

describe('decode budget over filter chains, forms, images and content', () => {
  it('decides a 10 GiB chain bomb in seconds and neutralises it in a copy that still parses', async () => {
    const pdf = pageWith({ contents: [chainBomb(10 * 1024 ** 3)] });
    const started = performance.now();
    const out = budgetOf(pdf);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(out.refused).toEqual([
      expect.objectContaining({ object: '40 0', why: 'stream_over_budget', filters: ['ASCIIHexDecode', 'FlateDecode', 'FlateDecode'], budgetUnit: 'bytes' }),
    ]);
    expect(out.bytes.length).toBe(pdf.length);
    expect(budgetOf(out.bytes).refused).toEqual([]);
    expect(parsePdfStructure(out.bytes).pageCount).toBe(1);
  });

  it('counts a form once per use: a 4 MiB form drawn 200 times is refused, drawn twice it is not', () => {
    const form = formOf(flate(`0 g 0 0 1 1 re f\n${' '.repeat(4 * MiB)}`));
    const many = budgetOf(pageWith({ contents: [DRAW('Fx', 200)], xobjects: { Fx: form } }));
    expect(many.refused).toEqual([expect.objectContaining({ object: '41 0', why: 'repeated_use', uses: 200 })]);
    expect(Buffer.from(many.bytes).toString('latin1')).toContain('/Subtype /PS');
    expect(budgetOf(pageWith({ contents: [DRAW('Fx', 2)], xobjects: { Fx: form } })).refused).toEqual([]);
  });

  it('refuses a page drawing a small form thousands of times (each draw is a build for pdf.js)', () => {
    const out = budgetOf(pageWith({ contents: [DRAW('Fx', 5000)], xobjects: { Fx: formOf(flate('0 g 0 0 1 1 re f')) } }));
    expect(out.refused).toEqual([expect.objectContaining({ why: 'repeated_use', uses: 5000, budgetUnit: 'draws' })]);
  });

  it('refuses images declaring more than any page holds, or more than their data can encode', () => {
    const dct = image('/Width 60000 /Height 60000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', Buffer.alloc(3000, 0xff));
    const fl = image('/Width 32768 /Height 32768 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', zlib.deflateSync(Buffer.alloc(MiB)));
    const small = image('/Width 6000 /Height 6000 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode', zlib.deflateSync(Buffer.alloc(10_000)));
    const out = budgetOf(pageWith({ contents: [DRAW('A'), DRAW('B'), DRAW('C')], xobjects: { A: dct, B: fl, C: small } }));
    expect(out.images.map((i) => [i.width, i.why])).toEqual([
      [60000, 'bytes_over_budget'],
      [32768, 'bytes_over_budget'],
      [6000, 'data_cannot_hold_image'],
    ]);
    // The copy declares 1x1: no reader sizes a buffer from the original declaration.
    expect(Buffer.from(out.bytes).toString('latin1')).not.toMatch(/\/Width (60000|32768|6000)/);
  });

  it('leaves an honest 600 dpi 1-bit full-page scan alone', () => {
    const pdf = pageWith({ contents: [DRAW('Scan')], xobjects: { Scan: honestScan(4960, 7016) } });
    const out = budgetOf(pdf);
    expect([out.refused, out.images, out.pages]).toEqual([[], [], []]);
    expect(out.bytes).toBe(pdf);
  });

  it('refuses pages nesting q past the depth budget or flooding operators, and keeps their neighbours', () => {
    const deep = budgetOf(pageWith({ contents: [flate(`${'q '.repeat(100_000)}${'Q '.repeat(100_000)}`)] }));
    // The statement's own content stream (object 5) stays.
    expect(deep.pages).toEqual([expect.objectContaining({ page: 1, maxDepth: 100_000, objects: ['40 0'] })]);
    const flood = budgetOf(pageWith({ contents: [flate('0 0 m 1 1 l S\n'.repeat(1_000_000))] }));
    expect(flood.pages).toEqual([expect.objectContaining({ page: 1, objects: ['40 0'] })]);
    expect(flood.pages[0].operators).toBeGreaterThan(3_000_000);
  });

  it('leaves a heavy but honest vector page alone (tens of thousands of paths, shallow nesting)', () => {
    const paths = Array.from({ length: 40_000 }, (_, i) => `${i % 500} ${i % 300} m ${(i % 500) + 2} ${(i % 300) + 3} l S`).join('\n');
    const out = budgetOf(pageWith({ contents: [flate(`q 0.2 w ${paths} Q`)] }));
    expect([out.refused, out.images, out.pages]).toEqual([[], [], []]);
  });
});

describe('decode budget in encrypted files', () => {
  it.skipIf(!hasQpdf())('measures the decrypted data (ciphertext would hide the bomb)', () => {
    const plain = pageWith({ contents: [chainBomb(2 * 1024 ** 3)] });
    const encrypted = qpdf(plain, ['--stream-data=preserve', '--encrypt', '', 'owner-secret', '256', '--']);
    const file = openPdfFile(encrypted);
    expect(file.encrypted).toBe(true);
    expect(applyDecodeBudget(encrypted, DEFAULT_DECODE_BUDGET, file).refused).toEqual([expect.objectContaining({ why: 'stream_over_budget' })]);
  });
});
