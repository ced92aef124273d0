import sharp from 'sharp';
import { expect } from 'vitest';
import { paintedPatchDetector } from '../../../../engine/detectors/image/painted-patch.js';
import { testDetector } from '../../detector-tester.js';
import { encodeRaw, pageRaw, statementSvg } from './fixtures.js';

/** A clean digital statement (a screen capture) as PNG, optionally with SVG drawn on top. */
async function capture(seed: number, overlay = ''): Promise<Uint8Array> {
  const svg = statementSvg({ seed }).replace('</svg>', `${overlay}</svg>`);
  return new Uint8Array(await sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png().toBuffer());
}

/** A value covered by a rectangle a few levels off white and retyped in another font. */
const retyped = (fill: string) =>
  `<rect x="500" y="318" width="150" height="30" fill="${fill}"/><text x="505" y="340" font-family="DejaVu Serif" font-size="18" fill="#1a1a1a">9,870.00</text>`;

testDetector(paintedPatchDetector, {
  valid: [
    { name: 'clean screen capture', input: () => capture(2) },
    {
      name: 'light striped table row (an interface colour spanning the page)',
      input: () => capture(3, '<rect x="40" y="400" width="920" height="24" fill="#f5f5f5"/><text x="60" y="418" font-size="16" fill="#111">Row</text>'),
    },
    { name: 'cover painted in the exact background colour (nothing to see in the pixels)', input: () => capture(4, retyped('#ffffff')) },
    { name: 'noisy scanned page (PNG)', input: async () => encodeRaw(await pageRaw({ noise: true, seed: 5 }), { png: true }) },
  ],
  invalid: [
    {
      name: 'value covered with #fbfbfb and retyped, with a heat map',
      input: () => capture(5, retyped('#fbfbfb')),
      reasons: ['image_manipulation.painted_patch'],
      check: (f) => {
        const b = f[0].evidence.bbox!;
        expect(Math.abs(b[0] - 0.5)).toBeLessThan(0.02);
        expect(String((f[0].evidence.heatmap as { image: string }).image)).toMatch(/^data:image\/png;base64,/);
      },
    },
    { name: 'value covered with #fefefe (one level off white)', input: () => capture(6, retyped('#fefefe')), reasons: ['image_manipulation.painted_patch'] },
  ],
});
