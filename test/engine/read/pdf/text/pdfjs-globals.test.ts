import { deflateSync, gzipSync, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openPdf } from '../../../../../engine/read/pdf/text/pdfjs.js';

async function inflate(format: string, bytes: Uint8Array<ArrayBuffer> | Buffer): Promise<Uint8Array> {
  const { readable, writable } = new DecompressionStream(format as 'deflate');
  const writer = writable.getWriter();
  void writer
    .write(bytes as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined);
  const chunks: Uint8Array[] = [];
  for await (const chunk of readable as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return new Uint8Array(Buffer.concat(chunks));
}

const MINIMAL_PDF =
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

describe('globals around pdf.js', () => {
  it('keeps the native Array.prototype.push and JSON.parse after a document is opened', async () => {
    const push = Array.prototype.push;
    const parse = JSON.parse;
    const doc = await openPdf(new TextEncoder().encode(MINIMAL_PDF));
    await doc.destroy();
    expect(Array.prototype.push).toBe(push);
    expect(JSON.parse).toBe(parse);
    expect(/\[native code\]/.test(Function.prototype.toString.call(Array.prototype.push))).toBe(true);
  });

  it('inflates the three DecompressionStream formats like zlib and rejects damaged data with a TypeError', async () => {
    await openPdf(new TextEncoder().encode(MINIMAL_PDF)).then((d) => d.destroy());
    const text = new TextEncoder().encode('BT /F1 12 Tf (hello) Tj ET\n'.repeat(200));
    expect(await inflate('deflate', deflateSync(text))).toEqual(text);
    expect(await inflate('deflate-raw', deflateRawSync(text))).toEqual(text);
    expect(await inflate('gzip', gzipSync(text))).toEqual(text);
    const truncated = deflateSync(text).subarray(0, 40);
    await expect(inflate('deflate', truncated)).rejects.toBeInstanceOf(TypeError);
    expect(() => new DecompressionStream('brotli' as 'deflate')).toThrow(TypeError);
  });

  it('reads the inflated bytes through a reader too, once, and refuses writes after the close', async () => {
    await openPdf(new TextEncoder().encode(MINIMAL_PDF)).then((d) => d.destroy());
    const text = new TextEncoder().encode('q 1 0 0 1 0 0 cm Q\n'.repeat(50));
    const packed = deflateSync(text);
    const { readable, writable } = new DecompressionStream('deflate');
    const writer = writable.getWriter();
    expect(() => writable.getWriter()).toThrow(TypeError);
    await writer.ready;
    await writer.write(packed.subarray(0, 10));
    await writer.write(packed.subarray(10));
    await writer.close();
    await expect(writer.write(packed)).rejects.toBeInstanceOf(TypeError);
    const reader = readable.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(new Uint8Array(first.value!)).toEqual(text);
    expect((await reader.read()).done).toBe(true);
  });
});
