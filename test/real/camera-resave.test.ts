/**
 * Camera JPEGs resaved by photo software (issue 8): GIMP 2.4 downscaled these sample photos and
 * kept their EXIF capture record. The editor tag is context; nothing else says edit.
 */
import { describe, expect, it } from 'vitest';
import { hasShared, sharedFile, verdictOf } from './shared.js';

const files = ['exif-samples/Kodak_CX7530.jpg', 'exif-samples/Panasonic_DMC-FZ30.jpg', 'misc/pypdf-sample-images/image.jpg'];

describe('camera photos resaved by photo software', () => {
  for (const rel of files) {
    it.skipIf(!hasShared(rel))(
      `${rel} is clear`,
      async () => {
        const { verdict } = await verdictOf(sharedFile(rel)!, rel.split('/').pop()!);
        expect(verdict.decision).toBe('clear');
      },
      120_000,
    );
  }
});
