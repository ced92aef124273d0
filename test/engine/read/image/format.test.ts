import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { classifyImageFormat } from '../../../../engine/read/image/format.js';
import { loadImage } from '../../../../engine/read/image/load.js';
import type { MimeType } from '../../../../engine/types.js';
import { cameraExif, pageJpeg, pageRaw, xmpPacket } from '../../detectors/image/fixtures.js';

async function formatOf(bytes: Uint8Array, mime: MimeType = 'image/png') {
  return classifyImageFormat(await loadImage(bytes, mime, { maxMegapixels: 100 }));
}

function colourful(width: number, height: number): sharp.Sharp {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#2a6"/><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#c33"/></svg>`;
  return sharp(Buffer.from(svg)).removeAlpha();
}

describe('classifyImageFormat', () => {
  it('calls a JPEG with camera exposure EXIF a photo', async () => {
    expect(await formatOf(await pageJpeg({ exif: cameraExif() }), 'image/jpeg')).toBe('photo');
  });

  it('calls a white page at 300 dpi without camera data a scan', async () => {
    const raw = await pageRaw({ noise: true });
    const png = await sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
      .withMetadata({ density: 300 })
      .png()
      .toBuffer();
    expect(await formatOf(new Uint8Array(png))).toBe('scan_image');
  });

  it('calls an image named by scanner software a scan even without dpi', async () => {
    const jpeg = await pageJpeg({ exif: { IFD0: { Software: 'Epson Scan 2' } } });
    expect(await formatOf(jpeg, 'image/jpeg')).toBe('scan_image');
  });

  it('calls a screen-sized PNG without capture data a screenshot', async () => {
    expect(await formatOf(new Uint8Array(await colourful(1920, 1080).png().toBuffer()))).toBe('screenshot');
  });

  it('recognises the macOS screenshot marker', async () => {
    const xmp = xmpPacket(
      '<exif:UserComment xmlns:exif="http://ns.adobe.com/exif/1.0/"><rdf:Alt><rdf:li xml:lang="x-default">Screenshot</rdf:li></rdf:Alt></exif:UserComment>',
    );
    const png = await colourful(731, 402).withXmp(xmp).png().toBuffer();
    expect(await formatOf(new Uint8Array(png))).toBe('screenshot');
  });

  it('calls other rendered graphics digital images', async () => {
    expect(await formatOf(new Uint8Array(await colourful(800, 500).png().toBuffer()))).toBe('digital_image');
    expect(await formatOf(new Uint8Array(await colourful(800, 500).jpeg().toBuffer()), 'image/jpeg')).toBe('digital_image');
  });
});
