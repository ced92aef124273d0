/** Hexadecimal as PDF writes it: hex strings `<48656C6C6F>`, the ASCIIHexDecode filter, `#xx` in names. */

const GREATER_THAN = 0x3e;

/** The value of one hex digit byte (0-9, A-F, a-f), or -1 for any other byte. */
export function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/**
 * The bytes spelled by the hex digits of `buf[start..end)` up to the first `>`: other bytes
 * (white space, junk) are skipped and an odd last digit is read as if followed by 0, as PDF
 * readers do. `stop` is where the `>` stands (or `end` when there is none).
 */
export function decodeHex(buf: Uint8Array, start: number, end: number): { bytes: Uint8Array; stop: number } {
  const out: number[] = [];
  let hi = -1;
  let p = start;
  for (; p < end && buf[p] !== GREATER_THAN; p++) {
    const d = hexDigit(buf[p]);
    if (d < 0) continue;
    if (hi < 0) hi = d;
    else {
      out.push((hi << 4) | d);
      hi = -1;
    }
  }
  if (hi >= 0) out.push(hi << 4);
  return { bytes: Uint8Array.from(out), stop: p };
}
