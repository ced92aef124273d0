import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ascii85Bounded, asciiHexBounded, inflateBounded, lzwBounded, runLengthBounded } from '../../../../../engine/read/pdf/structure/bounded-decode.js';

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('bounded decoders', () => {
  it('LZW decodes the example of the PDF reference and stops at the limit', () => {
    const data = Uint8Array.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]);
    expect(text(lzwBounded(data, 1000).out)).toBe('-----A---B');
    expect(lzwBounded(data, 1000).over).toBe(false);
    const cut = lzwBounded(data, 4);
    expect(cut.over).toBe(true);
    expect(cut.out.length).toBeLessThanOrEqual(4);
  });

  it('RunLength expands runs and refuses past the limit', () => {
    const data = Uint8Array.from([2, 0x61, 0x62, 0x63, 253, 0x78, 128]);
    expect(text(runLengthBounded(data, 100).out)).toBe('abcxxxx');
    const bomb = new Uint8Array(2000).map((_, i) => (i % 2 === 0 ? 129 : 0x20));
    const r = runLengthBounded(bomb, 10_000);
    expect(r).toMatchObject({ over: true });
    expect(r.out.length).toBeLessThanOrEqual(10_000);
  });

  it('ASCIIHex and ASCII85 decode, the z shorthand counted', () => {
    expect(text(asciiHexBounded(Buffer.from('48 65 6C6c 6F>'), 100).out)).toBe('Hello');
    expect(text(ascii85Bounded(Buffer.from('87cURD]i,"Ebo80~>'), 100).out)).toBe('Hello World!');
    expect(ascii85Bounded(Buffer.from('zzzz~>'), 100).out.length).toBe(16);
    expect(ascii85Bounded(Buffer.from('zzzz~>'), 10).over).toBe(true);
  });

  it('Flate past the limit keeps only a prefix of what the data starts with', () => {
    const data = zlib.deflateSync(Buffer.concat([Buffer.from('1 0 << /Type /Catalog >>\n'), Buffer.alloc(40 * 1024 * 1024, 0x20)]));
    const r = inflateBounded(data, 1024 * 1024);
    expect(r.over).toBe(true);
    expect(r.out.length).toBeLessThanOrEqual(1024 * 1024);
    expect(text(r.out.subarray(0, 24))).toBe('1 0 << /Type /Catalog >>');
  });

  it('Flate reads damaged data as far as it goes, as readers do', () => {
    const good = zlib.deflateSync(Buffer.from('BT (hello) Tj ET '.repeat(2000)));
    const damaged = Buffer.concat([good.subarray(0, good.length - 40), Buffer.alloc(40, 0xff)]);
    const r = inflateBounded(damaged, 1024 * 1024);
    expect(r.over).toBe(false);
    expect(text(r.out).startsWith('BT (hello) Tj ET')).toBe(true);
  });
});
