/**
 * sharp's `normalise()` of a grey image, as a lookup table. normalise converts the whole image to
 * LAB, finds the luminance range and converts it back: ~0.2 s for a 1600 px page, on the OCR
 * chain of every image. Yet it is a pointwise map of the 256 grey levels once its two levels
 * (the minimum and the upper percentile of the luminance) are known, and both follow from the
 * grey histogram, since luminance rises with grey.
 *
 * The table is still computed by sharp, so that it is libvips' own arithmetic: sharp normalises
 * a one-row probe holding each grey level the page has, and each level's output is read off.
 * The probe gives the same two levels as the page (sharp 0.34, libvips 8.17; measured, and
 * test/engine/ocr/stretch.test.ts compares whole pages byte for byte, so a sharp or libvips
 * that computes them otherwise fails there):
 * - the low level: sharp casts its `lower`/`upper` options to integers, so `lower: 0.2` is 0,
 *   the minimum luminance: the darkest level, which the probe has;
 * - the high level, `percent(99)` of the luminance: libvips bins it by whole units, normalises
 *   the cumulative histogram to (bins - 1) and looks for a bin above 0.99 x bins. Below pure white
 *   (luminance bin < 100) no bin can be above it, and the answer is the brightest bin plus one,
 *   whatever its share. With pure white (bin 100) the last bin is exactly 100 or, by float
 *   rounding of 100 / pixels x pixels, a hair under it: the answer is then 100 or 101 depending
 *   on the pixel count alone, so the probe is padded with white to a count that rounds the same.
 */
import { loadSharp } from '../../lazy-libraries.js';

/** Above this many pixels a count a pixel short of the whole could round to it: sharp decides. */
const MAX_PIXELS = 16_000_000;

/** libvips' normalised cumulative count at the last of 101 luminance bins reaches 100 (see above). */
function whiteBinReached(pixels: number): boolean {
  const f = Math.fround;
  return Math.trunc(f(f(100 / pixels) * pixels)) >= 100;
}

/**
 * The page stretched exactly as `sharp(grey).grayscale().normalise({ lower: 0.2, upper: 99 })`
 * would, or null when the table cannot be vouched for (the caller lets sharp do it).
 */
export async function normaliseGrey(grey: Uint8Array): Promise<Uint8Array | null> {
  if (!grey.length || grey.length > MAX_PIXELS) return null;
  const present = new Uint8Array(256);
  for (let i = 0; i < grey.length; i++) present[grey[i]] = 1;
  const levels: number[] = [];
  for (let v = 0; v < 256; v++) if (present[v]) levels.push(v);
  let size = levels.length;
  if (present[255]) while (whiteBinReached(size) !== whiteBinReached(grey.length)) size++;
  const probe = new Uint8Array(size).fill(levels[levels.length - 1]);
  probe.set(levels);
  const sharp = await loadSharp();
  const out = await sharp(probe, { raw: { width: size, height: 1, channels: 1 } })
    .grayscale()
    .normalise({ lower: 0.2, upper: 99 })
    .raw()
    .toBuffer();
  if (out.length !== size) return null;
  const lut = new Uint8Array(256);
  levels.forEach((v, i) => (lut[v] = out[i]));
  const stretched = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) stretched[i] = lut[grey[i]];
  return stretched;
}
