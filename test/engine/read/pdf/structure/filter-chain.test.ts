import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeChain, filterChain } from '../../../../../engine/read/pdf/structure/filter-chain.js';
import { deflateRepeated } from './bomb-fixtures.js';

describe('filter chains', () => {
  it('reads single, abbreviated, array and indirect /Filter values in decoding order', () => {
    expect(filterChain('<< /Length 5 /Filter /FlateDecode >>')).toEqual(['FlateDecode']);
    expect(filterChain('<< /Filter [/AHx /Fl/LZW] /DecodeParms [null null << /EarlyChange 0 >>] >>')).toEqual(['ASCIIHexDecode', 'FlateDecode', 'LZWDecode']);
    expect(filterChain('<< /Filter 9 0 R >>', (n) => (n === 9 ? ['A85', 'FlateDecode'] : null))).toEqual(['ASCII85Decode', 'FlateDecode']);
    expect(filterChain('<< /Length 5 >>')).toEqual([]);
    expect(filterChain('<< /FilterX /Fl >>')).toEqual([]);
  });

  it('counts every layer and stops a 4 GiB chain at the budget, fast', () => {
    const inner = deflateRepeated(0x20, 4 * 1024 ** 3);
    const data = zlib.deflateSync(zlib.deflateSync(inner));
    const started = performance.now();
    const r = decodeChain(data, ['FlateDecode', 'FlateDecode', 'FlateDecode'], 16 * 1024 * 1024, 64 * 1024 * 1024);
    expect(r.over).toBe(true);
    expect(r.produced).toBeGreaterThan(16 * 1024 * 1024);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('decodes an honest chain whole and stops at an image codec', () => {
    const content = Buffer.from('BT /F1 12 Tf (Total 120.00) Tj ET\n'.repeat(100));
    const hex = Buffer.from(zlib.deflateSync(content).toString('hex') + '>');
    const r = decodeChain(hex, ['ASCIIHexDecode', 'FlateDecode'], 1024 * 1024, 4 * 1024 * 1024);
    expect(Buffer.from(r.out).equals(content)).toBe(true);
    expect(r.produced).toBe(content.length + (hex.length - 1) / 2);
    expect(decodeChain(hex, ['ASCIIHexDecode', 'DCTDecode'], 1024, 4096)).toMatchObject({ codec: 'DCTDecode', over: false });
  });
});
