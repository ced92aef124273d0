import { describe, expect, it } from 'vitest';
import { decodeHex, hexDigit } from '../../../engine/kit/hex.js';

const bytes = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));

describe('hexDigit', () => {
  it('reads both cases and refuses other bytes', () => {
    expect(['0', '9', 'a', 'F'].map((c) => hexDigit(c.charCodeAt(0)))).toEqual([0, 9, 10, 15]);
    expect(['g', 'G', ' ', '/'].map((c) => hexDigit(c.charCodeAt(0)))).toEqual([-1, -1, -1, -1]);
  });
});

describe('decodeHex', () => {
  it('skips white space and stops at the closing >', () => {
    const buf = bytes('48 65\n6C6c6F>4142');
    const { bytes: out, stop } = decodeHex(buf, 0, buf.length);
    expect(Buffer.from(out).toString('latin1')).toBe('Hello');
    expect(buf[stop]).toBe(0x3e);
  });

  it('reads an odd last digit as if a 0 followed', () => {
    const buf = bytes('414>');
    expect([...decodeHex(buf, 0, buf.length).bytes]).toEqual([0x41, 0x40]);
  });

  it('runs to the end when there is no >', () => {
    const buf = bytes('<4142');
    const { bytes: out, stop } = decodeHex(buf, 1, buf.length);
    expect([...out]).toEqual([0x41, 0x42]);
    expect(stop).toBe(buf.length);
  });
});
