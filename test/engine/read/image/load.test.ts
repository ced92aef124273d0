import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadImage } from '../../../../engine/read/image/load.js';
import { sniffMime } from '../../../../engine/read/sniff.js';
import { EngineError } from '../../../../engine/types.js';
import { cameraExif, insertPngChunks, iTXt, pageJpeg, pagePng, tEXt } from '../../detectors/image/fixtures.js';
import { CORPUS_DIR, HAS_CORPUS } from '../../../support/environment.js';
import { deflateSync } from 'node:zlib';

const CORPUS = CORPUS_DIR;

function app11(en: number, seq: number, box: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from('JP', 'latin1'), Buffer.from([en >> 8, en & 255]), Buffer.from([0, 0, 0, seq]), box]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xeb]), len, body]);
}

describe('loadImage', () => {
  it('reads dimensions, quantisation tables, frame and EXIF of a JPEG', async () => {
    const jpeg = await pageJpeg({ quality: 90, exif: cameraExif() });
    const im = await loadImage(jpeg, 'image/jpeg', { maxMegapixels: 100 });
    expect([im.format, im.width, im.height]).toEqual(['jpeg', 1000, 1300]);
    expect(im.quantTables).toHaveLength(2);
    expect(im.quantTables[0]).toHaveLength(64);
    // IJG luminance table at quality 90 starts 3 2 2 3 (scaled Annex K: 16*0.2 rounded).
    expect(im.quantTables[0].slice(0, 4)).toEqual([3, 2, 2, 3]);
    expect(im.jpeg?.frame).toMatchObject({ width: 1000, height: 1300, marker: 0xc0 });
    expect(im.metadata.Make).toBe('Google');
    expect(im.metadataSegments.exif?.DateTimeOriginal).toBe('2024:03:05 10:00:00');
    expect(im.gray.width * im.gray.height).toBeLessThanOrEqual(2_000_000);
    expect(im.whiteFraction).toBeGreaterThan(0.7);
  });

  it('reads PNG tEXt, zTXt and iTXt chunks and a caBX manifest', async () => {
    const png = insertPngChunks(await pagePng({ width: 200, height: 260 }), [
      tEXt('parameters', 'a cat, Steps: 20'),
      { type: 'zTXt', data: Buffer.concat([Buffer.from('prompt\0\0', 'latin1'), deflateSync(Buffer.from('{"3":{}}'))]) },
      iTXt('Comment', 'héllo'),
      { type: 'caBX', data: Buffer.from('0000jumbc2pa', 'latin1') },
    ]);
    const im = await loadImage(png, 'image/png', { maxMegapixels: 100 });
    expect(im.pngText).toMatchObject({ parameters: 'a cat, Steps: 20', prompt: '{"3":{}}', Comment: 'héllo' });
    expect(im.jumbf && Buffer.from(im.jumbf).toString('latin1')).toBe('0000jumbc2pa');
    expect(im.quantTables).toEqual([]);
  });

  it('reassembles a C2PA JUMBF box split over several APP11 segments', async () => {
    const jpeg = Buffer.from(await pageJpeg({ width: 64, height: 64 }));
    const payload = Buffer.concat([Buffer.from('jumdc2pa', 'latin1'), Buffer.alloc(40, 7)]);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(8 + payload.length);
    header.write('jumb', 4, 'latin1');
    const first = Buffer.concat([header, payload.subarray(0, 20)]);
    const second = Buffer.concat([header, payload.subarray(20)]);
    const withJumbf = new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), app11(1, 2, second), app11(1, 1, first), jpeg.subarray(2)]));
    const im = await loadImage(withJumbf, 'image/jpeg', { maxMegapixels: 100 });
    expect(im.jumbf && Buffer.from(im.jumbf).equals(Buffer.concat([header, payload]))).toBe(true);
  });

  it('refuses images above the megapixel limit', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#fff' } })
        .png()
        .toBuffer(),
    );
    await expect(loadImage(png, 'image/png', { maxMegapixels: 5 })).rejects.toMatchObject({ code: 'image_too_large' });
    await expect(loadImage(png, 'image/png', { maxMegapixels: 7 })).resolves.toMatchObject({ width: 3000 });
  });

  it('reads truncated files leniently (damage noted) and names garbled ones corrupt', async () => {
    const png = await pagePng({ width: 300, height: 300, noise: true });
    const half = await loadImage(png.subarray(0, Math.floor(png.length / 2)), 'image/png', { maxMegapixels: 100 });
    expect(half.damage).toBeTruthy();
    expect(half.width).toBe(300);
    const garbage = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 1, 2, 9, 9, 9, 9]);
    await expect(loadImage(garbage, 'image/jpeg', { maxMegapixels: 100 })).rejects.toBeInstanceOf(EngineError);
  });

  it.skipIf(!HAS_CORPUS)('loads every corpus image or fails with an EngineError', async () => {
    const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
    const files = ['ai-generated', 'c2pa', 'exif-samples', 'metadata-extractor', 'odd-images'].flatMap((d) => walk(join(CORPUS, d)));
    let loaded = 0;
    for (const f of files) {
      const bytes = new Uint8Array(readFileSync(f));
      const mime = sniffMime(bytes);
      if (mime !== 'image/png' && mime !== 'image/jpeg') continue;
      try {
        await loadImage(bytes, mime, { maxMegapixels: 100 });
        loaded++;
      } catch (err) {
        expect(err, f).toBeInstanceOf(EngineError);
      }
    }
    expect(loaded).toBeGreaterThan(120);
  });
});
