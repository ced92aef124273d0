import { expect } from 'vitest';
import { imageMetadataMismatchDetector } from '../../../../engine/detectors/image/image-metadata-mismatch.js';
import { testDetector } from '../../detector-tester.js';
import { cameraExif, pageJpeg, xmpPacket } from './fixtures.js';

const small = { width: 300, height: 390 };
const xmpDates = (created: string, modified?: string) =>
  xmpPacket(`<photoshop:DateCreated>${created}</photoshop:DateCreated>${modified ? `<xmp:ModifyDate>${modified}</xmp:ModifyDate>` : ''}`);

/**
 * The EXIF pixel dimensions (tags 0xA002/0xA003) set to another size, as a camera's record stays
 * after a crop; libvips writes the true size when encoding, so the bytes are patched afterwards.
 */
function withExifSize(jpeg: Uint8Array, width: number, height: number): Uint8Array {
  const b = Buffer.from(jpeg);
  const tiff = b.indexOf('Exif\0\0', 0, 'latin1') + 6;
  const little = b.toString('latin1', tiff, tiff + 2) === 'II';
  const u16 = (at: number) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
  for (const [tag, value] of [
    [0xa002, width],
    [0xa003, height],
  ]) {
    const wanted = little ? [tag & 0xff, tag >> 8] : [tag >> 8, tag & 0xff];
    let at = b.indexOf(Buffer.from(wanted), tiff);
    while (at >= 0 && ![3, 4].includes(u16(at + 2))) at = b.indexOf(Buffer.from(wanted), at + 1);
    if (at < 0) throw new Error(`EXIF tag ${tag.toString(16)} not found`);
    if (u16(at + 2) === 3) b.writeUInt16BE(little ? ((value & 0xff) << 8) | (value >> 8) : value, at + 8);
    else if (little) b.writeUInt32LE(value, at + 8);
    else b.writeUInt32BE(value, at + 8);
  }
  return new Uint8Array(b);
}

testDetector(imageMetadataMismatchDetector, {
  valid: [
    { name: 'camera photo with consistent EXIF', input: () => pageJpeg({ ...small, exif: cameraExif() }) },
    {
      name: 'XMP capture date equal up to a time-zone offset',
      input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05T08:00:00Z', '2024-03-05T10:00:00+02:00') }),
    },
    { name: 'XMP date-only capture date on the same day', input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05') }) },
    { name: 'Android firmware on an Android phone', input: () => pageJpeg({ ...small, exif: cameraExif({ Software: 'HDR+ 1.0.4', Make: 'Google' }) }) },
  ],
  invalid: [
    {
      name: 'XMP capture date a month from EXIF',
      input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-04-05T10:00:00') }),
      reasons: ['metadata_mismatch.capture_date'],
    },
    {
      name: 'modified weeks after capture',
      input: () => pageJpeg({ ...small, exif: cameraExif({ DateTime: '2024:03:29 18:00:00' }) }),
      reasons: ['metadata_mismatch.modified_after_capture'],
    },
    {
      name: 'modified before capture',
      input: () => pageJpeg({ ...small, exif: cameraExif({ DateTime: '2023:12:01 09:00:00' }) }),
      reasons: ['metadata_mismatch.modified_before_capture'],
    },
    {
      name: 'iOS firmware on a Samsung camera',
      input: () => pageJpeg({ ...small, exif: cameraExif({ Make: 'samsung', Model: 'SM-G991B', Software: 'iOS 17.2' }) }),
      reasons: ['metadata_mismatch.software_device'],
    },
    {
      name: 'EXIF records a larger picture than the image (cropped after capture)',
      input: async () => withExifSize(await pageJpeg({ ...small, exif: cameraExif() }), 4032, 3024),
      reasons: ['metadata_mismatch.exif_dimensions'],
    },
    {
      name: 'EXIF and XMP modification dates disagree',
      input: () => pageJpeg({ ...small, exif: cameraExif(), xmp: xmpDates('2024-03-05T10:00:00', '2024-06-01T12:00:00') }),
      reasons: ['metadata_mismatch.modify_date', 'metadata_mismatch.modified_after_capture'],
    },
    {
      // exif-samples' Canon_DIGITAL_IXUS_400.jpg and Nikon_D70.jpg (pending 41 before).
      name: 'a GIMP save over the XMP Photoshop Elements wrote earlier: two saves in order, context',
      input: () =>
        pageJpeg({
          ...small,
          exif: cameraExif({ Software: 'GIMP 2.4.5', DateTime: '2024:03:08 17:15:01' }),
          xmp: xmpPacket('<xmp:CreatorTool>Adobe Photoshop Elements 3.0</xmp:CreatorTool><xmp:ModifyDate>2024-03-05T23:42:54+01:00</xmp:ModifyDate>'),
        }),
      reasons: ['metadata_mismatch.modify_date', 'metadata_mismatch.modified_after_capture'],
      check: (f) => {
        const m = f.find((x) => x.code === 'metadata_mismatch.modify_date')!;
        expect(m.strength).toBeLessThanOrEqual(0.15);
        expect(m.evidence.successiveSaves).toEqual({ software: 'GIMP 2.4.5', tool: 'Adobe Photoshop Elements 3.0' });
      },
    },
    {
      name: 'EXIF backdated before the XMP save of another program: out of order, keeps its weight',
      input: () =>
        pageJpeg({
          ...small,
          exif: cameraExif({ Software: 'GIMP 2.4.5' }),
          xmp: xmpPacket('<xmp:CreatorTool>Adobe Photoshop 25.0</xmp:CreatorTool><xmp:ModifyDate>2024-06-01T12:00:00</xmp:ModifyDate>'),
        }),
      reasons: ['metadata_mismatch.modify_date', 'metadata_mismatch.modified_after_capture'],
      check: (f) => expect(f.find((x) => x.code === 'metadata_mismatch.modify_date')!.strength).toBe(0.3),
    },
  ],
});
