import { describe, expect, it } from 'vitest';
import { sniffMime } from '../../../engine/read/sniff.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('sniffMime', () => {
  it('knows PDF, PNG and JPEG by their magic bytes, whatever the name', () => {
    expect(sniffMime(bytes('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF'))).toBe('application/pdf');
    expect(sniffMime(bytes('junk before\n%PDF-1.4\n'))).toBe('application/pdf');
    expect(sniffMime(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffMime(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe('image/jpeg');
  });

  it('accepts a PDF whose header line was lost but whose body and trailer are there', () => {
    expect(sniffMime(bytes('%\xe2\xe3\xcf\xd3\n1 0 obj <</Pages 2 0 R>> endobj\ntrailer <<>>\nstartxref\n0\n%%EOF\n'))).toBe('application/pdf');
  });

  it('refuses everything else', () => {
    expect(sniffMime(bytes('GIF89a'))).toBeNull();
    expect(sniffMime(bytes('1 0 obj but no trailer at all'))).toBeNull();
    expect(sniffMime(bytes('hello world'))).toBeNull();
    expect(sniffMime(new Uint8Array())).toBeNull();
  });
});
