/**
 * AUTOMATIC1111's "stealth pnginfo": generation parameters hidden in the least significant bits
 * of the alpha channel (or of RGB), read column by column, starting with a magic string. It
 * survives metadata stripping, so it is worth the few columns of decoding it costs.
 */
import sharp from 'sharp';

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

/** The magic found at the start of the hidden stream, or null. */
export async function findStealthMagic(bytes: Uint8Array, width: number, height: number, hasAlpha: boolean): Promise<string | null> {
  if (height < 1 || width * height < MAGIC_BITS) return null;
  const cols = Math.min(width, Math.ceil(MAGIC_BITS / height));
  const { data, info } = await sharp(bytes, { failOn: 'none' }).extract({ left: 0, top: 0, width: cols, height }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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
