/**
 * engine/pdf/text/loopback.ts copies pdf.js's messages without structuredClone; what comes out
 * must be what structuredClone would have made, and the text layer must read as before.
 */
import { describe, expect, it } from 'vitest';
import { copyMessage, LoopbackCopyPort, operatorListChunk, textContentChunk } from '../../../../../engine/read/pdf/text/loopback.js';
import { loadPdfText } from '../../../../../engine/read/pdf/text/index.js';
import { pdfkitBytes } from './fixtures.js';

class Glyph {
  constructor(
    readonly fontChar: string,
    readonly width: number,
  ) {}
  get category(): string {
    return 'letter';
  }
}

function sample() {
  const glyph = new Glyph('a', 500);
  const big = new Uint8Array(64).map((_, i) => i);
  const buffer = new ArrayBuffer(16);
  // eslint-disable-next-line no-sparse-arrays
  const holes = [1, , 3];
  const cyclic: Record<string, unknown> = { name: 'loop' };
  cyclic.self = cyclic;
  const message = {
    fnArray: [1, 2, 3],
    argsArray: [[[glyph, glyph, -0, 1.5, null, undefined, 'x']], null, [big.subarray(8, 24)]],
    holes,
    cyclic,
    ids: new Set(['1R', '2R']),
    map: new Map([['k', { v: 1 }]]),
    when: new Date(0),
    error: new Error('broken'),
    buf: Buffer.from('abc'),
    moved: new Uint16Array(buffer, 4, 2),
    dv: new DataView(new ArrayBuffer(8), 2, 4),
    nested: Object.assign(Object.create(null) as object, { deep: { deeper: [1n] } }),
  };
  return { message, buffer };
}

describe('loopback message copy', () => {
  it('matches structuredClone on what pdf.js posts', () => {
    const { message } = sample();
    expect(copyMessage(message)).toStrictEqual(structuredClone(message));
  });

  it('keeps identity and cycles, copies typed arrays with their whole buffer', () => {
    const { message } = sample();
    const copy = copyMessage(message) as typeof message;
    const [[glyphs]] = copy.argsArray as [[[unknown, unknown]]];
    expect(glyphs[0]).toBe(glyphs[1]);
    expect(Object.getPrototypeOf(glyphs[0])).toBe(Object.prototype);
    expect(copy.cyclic.self).toBe(copy.cyclic);
    expect(1 in copy.holes).toBe(false);
    const view = (copy.argsArray[2] as [Uint8Array])[0];
    expect(view.byteOffset).toBe(8);
    expect(view.buffer.byteLength).toBe(64);
    expect(view.buffer).not.toBe((message.argsArray[2] as [Uint8Array])[0].buffer);
    expect(copy.buf.constructor).toBe(Uint8Array);
    // Copied at post time: the sender may reuse its arrays afterwards.
    message.fnArray.length = 0;
    expect(copy.fnArray).toEqual([1, 2, 3]);
  });

  it('hands transferred buffers over instead of copying them', () => {
    const { message, buffer } = sample();
    const copy = copyMessage(message, [buffer]) as typeof message;
    expect(copy.moved.buffer).toBe(buffer);
    expect(copy.moved.byteOffset).toBe(4);
  });

  it('delivers after the current task, to listeners until their signal aborts', async () => {
    const port = new LoopbackCopyPort();
    const got: unknown[] = [];
    const ac = new AbortController();
    port.addEventListener('message', (e) => got.push(e.data), { signal: ac.signal });
    const sent = { n: 1 };
    port.postMessage(sent);
    sent.n = 2;
    expect(got).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    expect(got).toEqual([{ n: 1 }]);
    ac.abort();
    port.postMessage({ n: 3 });
    await new Promise((r) => setTimeout(r, 0));
    expect(got).toEqual([{ n: 1 }]);
  });

  it('hands text content chunks over one level deep: the worker starts new arrays after posting', async () => {
    const port = new LoopbackCopyPort();
    const got: Array<{ chunk: { items: unknown[]; styles: Record<string, unknown> } }> = [];
    port.addEventListener('message', (e) => got.push(e.data as (typeof got)[number]));
    // What pdf.js's getTextContent posts: the same textContent object, new items after each post.
    const item = { str: 'Balance', dir: 'ltr', width: 30, height: 9, transform: [9, 0, 0, 9, 50, 700], fontName: 'g_d0_f1', hasEOL: false };
    const textContent: { items: unknown[]; styles: object; lang: null } = {
      items: [item],
      styles: Object.assign(Object.create(null) as object, { g_d0_f1: { fontFamily: 'sans-serif', ascent: 0.7, descent: -0.2, vertical: false } }),
      lang: null,
    };
    const message = { sourceName: 'worker', targetName: 'main', stream: 4, streamId: 3, chunk: textContent };
    expect(textContentChunk(message)).toStrictEqual(structuredClone(message));
    port.postMessage(message);
    textContent.items = [];
    textContent.styles = Object.create(null) as object;
    await Promise.resolve();
    await Promise.resolve();
    expect(got[0].chunk.items).toEqual([item]);
    expect(got[0].chunk.styles).toEqual({ g_d0_f1: { fontFamily: 'sans-serif', ascent: 0.7, descent: -0.2, vertical: false } });
    expect(got[0].chunk).not.toBe(textContent);
  });

  it("copies an operator list chunk's arrays, which the worker empties after posting", async () => {
    const glyph = new Glyph('a', 500);
    const chunk = { fnArray: [37, 44], argsArray: [['g_d0_f1', 9], [[glyph, -250, glyph]]], lastChunk: false, separateAnnots: null, length: 2 };
    const message = { sourceName: 'worker', targetName: 'main', stream: 4, streamId: 2, chunk };
    const copy = operatorListChunk(message) as typeof message;
    chunk.fnArray.length = 0;
    chunk.argsArray.length = 0;
    expect(copy.chunk.fnArray).toEqual([37, 44]);
    expect(copy.chunk.argsArray).toHaveLength(2);
    expect((copy.chunk.argsArray[1] as unknown[][])[0][0]).toBe(glyph);
  });

  it('deep-copies every other message (a text content look-alike with more fields, a font, a flat record)', () => {
    const odd = { stream: 4, chunk: { items: [{ str: 'x' }], styles: {}, extra: { deep: 1 } } };
    expect(textContentChunk(odd)).toBeNull();
    expect(operatorListChunk(odd)).toBeNull();
    expect(textContentChunk({ action: 'commonobj', data: ['g_d0_f1', 'Font', { name: 'Helvetica' }] })).toBeNull();
    const flat = { sourceName: 'main', targetName: 'worker', stream: 6, streamId: 3, desiredSize: 100 };
    const copy = copyMessage(flat);
    expect(copy).toStrictEqual(structuredClone(flat));
    expect(copy).not.toBe(flat);
  });

  it('pdf.js reads a document through it', async () => {
    const bytes = await pdfkitBytes((doc) => {
      doc.font('Helvetica').fontSize(12).text('Closing balance 1,234.56', 72, 72);
    });
    const { pages } = await loadPdfText(bytes, { maxPages: 10 });
    expect(pages[0].text).toContain('Closing balance 1,234.56');
    expect(pages[0].paint?.length).toBeGreaterThan(0);
  });
});
