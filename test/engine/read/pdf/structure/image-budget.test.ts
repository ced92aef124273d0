import { describe, expect, it } from 'vitest';
import { declaredImage, judgeImage } from '../../../../../engine/read/pdf/structure/image-budget.js';

const image = (dict: string) => declaredImage(`<< /Type /XObject /Subtype /Image ${dict} >>`)!;

describe('image budget', () => {
  it('reads the declared geometry (masks are 1 bit, colour spaces give the components)', () => {
    expect(image('/Width 100 /Height 50 /ColorSpace /DeviceRGB /BitsPerComponent 8')).toMatchObject({ components: 3, decodedBytes: 15000 });
    expect(image('/Width 100 /Height 50 /ImageMask true')).toMatchObject({ components: 1, bitsPerComponent: 1, decodedBytes: 13 * 50 });
    expect(image('/Width 10 /Height 10 /ColorSpace [/Indexed /DeviceRGB 255 7 0 R] /BitsPerComponent 8').components).toBe(1);
    expect(declaredImage('<< /Type /XObject /Subtype /Form >>')).toBeNull();
  });

  it('refuses gigapixel declarations and data that cannot hold the image', () => {
    const dct = image('/Width 60000 /Height 60000 /ColorSpace /DeviceRGB /BitsPerComponent 8');
    expect(judgeImage(dct, 'DCTDecode', 100_000, 0)).toBe('bytes_over_budget');
    const flate = image('/Width 6000 /Height 6000 /ColorSpace /DeviceRGB /BitsPerComponent 8');
    expect(judgeImage(flate, null, 2000, 1_000_000)).toBe('data_cannot_hold_image');
    expect(judgeImage(flate, 'DCTDecode', 5000, 0)).toBe('data_cannot_hold_image');
  });

  it('leaves honest large images alone, 1-bit book scans of 100 megapixels among them', () => {
    // Two stencil masks as a scanned book carries them: 93 and 113 megapixels of CCITT.
    expect(judgeImage(image('/Width 8500 /Height 11000 /ImageMask true'), 'CCITTFaxDecode', 900_000, 0)).toBeNull();
    expect(judgeImage(image('/Width 9300 /Height 12150 /ImageMask true'), 'CCITTFaxDecode', 3000, 0)).toBeNull();
    // A 600 dpi A4 colour scan as JPEG, and the same as Flate decoding to its declared size.
    const scan = image('/Width 4960 /Height 7016 /ColorSpace /DeviceRGB /BitsPerComponent 8');
    expect(judgeImage(scan, 'DCTDecode', 4_000_000, 0)).toBeNull();
    expect(judgeImage(scan, null, 30_000_000, scan.decodedBytes)).toBeNull();
  });
});
