import sharp from 'sharp';
import { thumbnailMismatchDetector } from '../../../../engine/detectors/image/thumbnail-mismatch.js';
import { testDetector } from '../../detector-tester.js';
import { pageJpeg, withExifThumbnail } from './fixtures.js';

const page = () => pageJpeg({ seed: 3, noise: true });
const thumbOf = async (jpeg: Uint8Array, w = 120, h = 156) => new Uint8Array(await sharp(jpeg).resize(w, h, { fit: 'fill' }).jpeg({ quality: 80 }).toBuffer());

/** A preview of another picture: a dark scene with a bright shape, nothing like a page. */
async function otherPicture(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="156"><rect width="100%" height="100%" fill="#203040"/><circle cx="40" cy="110" r="35" fill="#f0e0a0"/><rect x="70" y="10" width="40" height="60" fill="#a04030"/></svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).jpeg().toBuffer());
}

testDetector(thumbnailMismatchDetector, {
  valid: [
    {
      name: 'preview made from the same page',
      input: async () => {
        const p = await page();
        return withExifThumbnail(p, await thumbOf(p));
      },
    },
    {
      name: 'letterboxed preview of the same page',
      input: async () => {
        const p = await page();
        const boxed = new Uint8Array(
          await sharp(await thumbOf(p, 92, 120))
            .extend({ left: 34, right: 34, background: '#000' })
            .jpeg()
            .toBuffer(),
        );
        return withExifThumbnail(p, boxed);
      },
    },
    {
      name: 'preview stored unrotated while the pixels were rotated',
      input: async () => {
        const p = await page();
        return withExifThumbnail(
          p,
          new Uint8Array(
            await sharp(await thumbOf(p))
              .rotate(90)
              .jpeg()
              .toBuffer(),
          ),
        );
      },
    },
    { name: 'no preview at all', input: page },
  ],
  invalid: [
    {
      name: 'preview of a different picture',
      input: async () => withExifThumbnail(await page(), await otherPicture()),
      reasons: ['compression_anomaly.thumbnail_content'],
    },
    {
      name: 'image cropped after the preview was made',
      input: async () => {
        const p = await page();
        const cropped = new Uint8Array(await sharp(p).extract({ left: 0, top: 0, width: 1000, height: 1000 }).jpeg({ quality: 90 }).toBuffer());
        return withExifThumbnail(cropped, await thumbOf(p));
      },
      reasons: ['compression_anomaly.thumbnail_aspect'],
    },
  ],
});
