/**
 * A picture OCR upscales is prepared from the file before the image loader's decode is done
 * (engine/read/ocr/prepare.ts `upscaledForOcr`, engine/facts `ocrPicture`). The head start may
 * only change when the picture is ready, never which picture: a photographed sheet is still cut
 * from the photo, and the engine's picture is the bytes the file preparation gives. No tesseract.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createDetectorContext } from '../../../../engine/facts/context.js';
import { loadImage } from '../../../../engine/read/image/load.js';
import { prepareForOcr, prepareImageForOcr, terminateOcr, upscaledForOcr, type PreparedImage } from '../../../../engine/read/ocr/index.js';

// The context reads the picture too (one small recognition).
afterAll(() => terminateOcr());

/** A light page with dark bars for text lines; `desk` frames it in a darker surround, as a phone photo does. */
async function jpeg(width: number, height: number, opts: { desk?: boolean; orientation?: number } = {}): Promise<Uint8Array> {
  const m = opts.desk ? Math.round(width * 0.15) : 0;
  const px = Buffer.alloc(width * height, opts.desk ? 90 : 245);
  for (let y = m; y < height - m; y++) for (let x = m; x < width - m; x++) px[y * width + x] = 245;
  for (let y = m + 40; y < height - m - 40; y += 28)
    for (let yy = y; yy < y + 10; yy++) for (let x = m + 30; x < width - m - 30 - ((y * 7) % 90); x++) px[yy * width + x] = 30;
  let img = sharp(px, { raw: { width, height, channels: 1 } });
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return new Uint8Array(await img.jpeg({ quality: 90 }).toBuffer());
}

describe('upscaledForOcr', () => {
  it('is true for a picture narrower than the reading width, as displayed', async () => {
    expect(await upscaledForOcr(await jpeg(900, 1300), 100e6)).toBe(true);
    // Stored 1800 wide, displayed 1000 wide (EXIF orientation 6): upscaled.
    expect(await upscaledForOcr(await jpeg(1800, 1000, { orientation: 6 }), 100e6)).toBe(true);
  });

  it('is false for a wide picture, one over the size limit, and an unreadable header', async () => {
    expect(await upscaledForOcr(await jpeg(2000, 1400), 100e6)).toBe(false);
    expect(await upscaledForOcr(await jpeg(1000, 1800, { orientation: 6 }), 100e6)).toBe(false);
    expect(await upscaledForOcr(await jpeg(900, 1300), 900 * 1300 - 1)).toBe(false);
    expect(await upscaledForOcr(new Uint8Array([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]), 100e6)).toBe(false);
  });
});

describe('the picture prepared ahead', () => {
  it('is the engine picture of a narrow scan, byte for byte', async () => {
    const bytes = await jpeg(900, 1300);
    const ctx = await createDetectorContext(bytes, {});
    const picture = ctx.facts.now('ocrPicture')!;
    const fromFile = await prepareForOcr(bytes);
    expect(picture.region).toBeUndefined();
    expect(picture.width).toBe(fromFile.width);
    expect(Buffer.compare(picture.image, fromFile.image)).toBe(0);
    await ctx.facts.dispose();
  });

  it('is not used for a photographed sheet: the sheet is cut from the photo', async () => {
    const bytes = await jpeg(1000, 1300, { desk: true });
    const image = await loadImage(bytes, 'image/jpeg', { maxMegapixels: 100 });
    const whole: PreparedImage = { image: Buffer.from('P5\n1 1\n255\n\xff', 'latin1'), scale: 1, width: 1, height: 1 };
    const prepared = await prepareImageForOcr(bytes, image, {}, undefined, Promise.resolve(whole));
    expect(prepared?.region).toBeDefined();
    expect(prepared?.width).toBe(1600);
  });
});
