/**
 * Damaged and odd images end in a completed analysis or an EngineError, never a raw decoder
 * error: a truncated JPEG keeps its header and metadata analysable and says it is damaged.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../engine/analyze.js';
import { loadImage } from '../../../../engine/read/image/load.js';
import { prepareForOcr } from '../../../../engine/read/ocr/prepare.js';
import { sniffMime } from '../../../../engine/read/sniff.js';
import { EngineError } from '../../../../engine/types.js';
import { cameraExif, pageJpeg } from '../../detectors/image/fixtures.js';
import { CORPUS_DIR, HAS_CORPUS } from '../../../support/environment.js';

const CORPUS = CORPUS_DIR;

/** A JPEG cut inside its entropy-coded data, with a proper EOI so only the scan is short. */
function truncatedScan(jpeg: Uint8Array, keep: number): Uint8Array {
  const cut = Math.floor(jpeg.length * keep);
  return new Uint8Array([...jpeg.subarray(0, cut), 0xff, 0xd9]);
}

describe('damaged image data', () => {
  it('analyses a JPEG whose scan is truncated and reports the damage as context', async () => {
    const jpeg = await pageJpeg({ width: 400, height: 520, quality: 85, exif: cameraExif() });
    const damaged = truncatedScan(jpeg, 0.6);
    const im = await loadImage(damaged, 'image/jpeg', { maxMegapixels: 100 });
    expect(im.damage).toMatch(/premature|corrupt|end/i);
    expect(im.metadata.Make).toBe('Google');
    const a = await analyze(damaged, { ocr: false });
    const finding = a.findings.find((f) => f.code === 'structural_anomaly.damaged_image_data');
    expect(finding?.strength).toBeLessThanOrEqual(0.1);
    // Grey filler from the lost rows must not pass for a pasted clean region or a clone.
    expect(a.findings.filter((f) => f.flag === 'image_manipulation')).toEqual([]);
  });

  it('says nothing about damage on an intact JPEG', async () => {
    const jpeg = await pageJpeg({ width: 400, height: 520, quality: 85 });
    expect((await loadImage(jpeg, 'image/jpeg', { maxMegapixels: 100 })).damage).toBeNull();
    const a = await analyze(jpeg, { ocr: false });
    expect(a.findings.map((f) => f.code)).not.toContain('structural_anomaly.damaged_image_data');
  });

  it('turns an undecodable image into corrupt_document on the OCR path too', async () => {
    const jpeg = await pageJpeg({ width: 200, height: 260 });
    const headerOnly = jpeg.subarray(0, 40);
    await expect(prepareForOcr(headerOnly)).rejects.toMatchObject({ code: 'corrupt_document' });
    await expect(prepareForOcr(truncatedScan(jpeg, 0.5))).resolves.toMatchObject({ width: expect.any(Number) });
  });
});

describe.skipIf(!HAS_CORPUS)('real corpus images', () => {
  const walk = (d: string): string[] => readdirSync(d).flatMap((f) => (statSync(join(d, f)).isDirectory() ? walk(join(d, f)) : [join(d, f)]));
  const images = (): Array<{ file: string; bytes: Uint8Array }> =>
    walk(CORPUS).flatMap((file) => {
      const bytes = new Uint8Array(readFileSync(file));
      const mime = sniffMime(bytes);
      return mime === 'image/png' || mime === 'image/jpeg' ? [{ file, bytes }] : [];
    });

  it('completes analyze or throws an EngineError for every corpus image, OCR preparation included', async () => {
    let completed = 0;
    let damaged = 0;
    for (const { file, bytes } of images()) {
      let suspectDecode = false;
      try {
        // OCR off keeps this fast; the OCR decode is checked below on the files that need it.
        const a = await analyze(bytes, { ocr: false });
        completed++;
        suspectDecode = a.findings.some((f) => f.code === 'structural_anomaly.damaged_image_data');
      } catch (err) {
        expect(err, file).toBeInstanceOf(EngineError);
        suspectDecode = (err as EngineError).code === 'corrupt_document';
      }
      if (!suspectDecode) continue;
      damaged++;
      try {
        await prepareForOcr(bytes);
      } catch (err) {
        expect(err, file).toBeInstanceOf(EngineError);
      }
    }
    expect(completed).toBeGreaterThan(150);
    expect(damaged).toBeGreaterThan(3);
  }, 600_000);
});
