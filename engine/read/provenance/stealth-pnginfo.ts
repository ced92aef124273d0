/**
 * AUTOMATIC1111's "stealth pnginfo": generation parameters hidden in the least significant bits
 * of the alpha channel (or of RGB), read column by column, starting with a magic string. It
 * survives metadata stripping, so it is worth the few columns of decoding it costs.
 */

const MAGICS = ['stealth_pnginfo', 'stealth_pngcomp', 'stealth_rgbinfo', 'stealth_rgbcomp'];
const MAGIC_BITS = 'stealth_pnginfo'.length * 8;

function bitsToText(bits: number[]): string {
  let s = '';
  for (let i = 0; i + 8 <= bits.length; i += 8) {
    let c = 0;
    for (let j = 0; j < 8; j++) c = (c << 1) | bits[i + j];
    s += String.fromCharCode(c);
  }
  return s;
}

/** The first columns of an image as RGBA, column count from `stealthColumns` (decoded by engine/facts). */
export interface RgbaColumns {
  data: Uint8Array;
  info: { width: number; height: number };
}

/** How many leading columns hold the magic (null: the image is too small to hold one). */
export function stealthColumns(width: number, height: number): number | null {
  if (height < 1 || width * height < MAGIC_BITS) return null;
  return Math.min(width, Math.ceil(MAGIC_BITS / height));
}

/** The magic found at the start of the hidden stream, or null. */
export function findStealthMagic(columns: RgbaColumns | null, hasAlpha: boolean): string | null {
  if (!columns) return null;
  const { data, info } = columns;
  const alphaBits: number[] = [];
  const rgbBits: number[] = [];
  for (let x = 0; x < info.width && alphaBits.length < MAGIC_BITS; x++) {
    for (let y = 0; y < info.height && alphaBits.length < MAGIC_BITS; y++) {
      const p = (y * info.width + x) * 4;
      alphaBits.push(data[p + 3] & 1);
      if (rgbBits.length < MAGIC_BITS) rgbBits.push(data[p] & 1, data[p + 1] & 1, data[p + 2] & 1);
    }
  }
  const candidates = [bitsToText(rgbBits.slice(0, MAGIC_BITS))];
  if (hasAlpha) candidates.unshift(bitsToText(alphaBits));
  return candidates.find((t) => MAGICS.includes(t)) ?? null;
}
