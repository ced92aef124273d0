/**
 * OCR misreads one character of a figure far more often than a forger changes a line item: a
 * doubled digit read once ("11" as "1"), a dropped or extra digit, one digit read as its
 * look-alike (3/8, 5/6, 0/8...), or two neighbouring digits read in swapped order ("2145" for
 * "2415": the recogniser's line model reorders glyphs whose boxes overlap on a skewed scan). A disagreement that one such misread of one figure would remove
 * says nothing about the document when the line came from a picture.
 */

/** Digits that OCR confuses at print and scan resolutions. */
const LOOK_ALIKE: Record<string, string> = { '0': '689', '1': '74', '3': '8', '4': '1', '5': '68', '6': '0580', '7': '1', '8': '03569', '9': '08' };

/** Whether OCR takes one of these digits for the other (either way round). */
export function lookAlike(a: string, b: string): boolean {
  return (LOOK_ALIKE[a] ?? '').includes(b) || (LOOK_ALIKE[b] ?? '').includes(a);
}

/**
 * One digit replaced by a digit OCR does not take it for ("923,89" where "123,89" is required; a
 * 1 is misread as a 7 or 4, never as a 9): same length, one position differs, and the two digits
 * are not look-alikes. A forger's single changed digit (typed, or a glyph pasted from elsewhere
 * on the page); OCR's typical slips stay unsure. `read` and `want` are digit strings.
 */
export function foreignDigit(read: string, want: string): boolean {
  if (read.length !== want.length || read.length < 3) return false;
  const diff = [...read].map((c, i) => [c, want[i]]).filter(([a, b]) => a !== b);
  return diff.length === 1 && !lookAlike(diff[0][0], diff[0][1]);
}

/** Every digit string one OCR-typical misread away from `digits`. */
function misreadVariants(digits: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < digits.length; i++) {
    out.add(digits.slice(0, i) + digits.slice(i + 1));
    out.add(digits.slice(0, i) + digits[i] + digits.slice(i));
    for (const c of LOOK_ALIKE[digits[i]] ?? '') out.add(digits.slice(0, i) + c + digits.slice(i + 1));
    if (i + 1 < digits.length) out.add(digits.slice(0, i) + digits[i + 1] + digits[i] + digits.slice(i + 2));
  }
  out.delete(digits);
  return [...out].filter((d) => d.length > 0);
}

/** The values a misread of `value` (printed with `decimals` places) could have been. */
export function misreadValues(value: number, decimals: number): number[] {
  const scale = 10 ** decimals;
  const digits = String(Math.round(Math.abs(value) * scale));
  const sign = value < 0 ? -1 : 1;
  return misreadVariants(digits).map((d) => (sign * Number(d)) / scale);
}

/**
 * Would reading one of `values` differently by one misread make `holds` true? `values` are the
 * figures a check used, with their printed decimals.
 */
export function oneMisreadExplains(values: ReadonlyArray<{ value: number; decimals: number }>, holds: (values: number[]) => boolean): boolean {
  const base = values.map((v) => v.value);
  for (let i = 0; i < values.length; i++) {
    for (const alt of misreadValues(values[i].value, values[i].decimals)) {
      const trial = [...base];
      trial[i] = alt;
      if (holds(trial)) return true;
    }
  }
  return false;
}

/**
 * `read` is `required` with two neighbouring digits swapped, digits at least two apart. A swap
 * of digits one apart moves a figure by 9 in its place, which retyping one digit of another
 * figure by 9 (0 to 9) also does; two or more apart, no single retyped digit gives it.
 */
export function swappedDigits(read: number, required: number): boolean {
  const a = Math.round(Math.abs(read) * 100).toString();
  const b = Math.round(Math.abs(required) * 100).toString();
  if (a.length !== b.length || Math.sign(read) !== Math.sign(required)) return false;
  const diff = [...a].map((_, i) => i).filter((i) => a[i] !== b[i]);
  if (diff.length !== 2 || diff[1] !== diff[0] + 1) return false;
  const [i, j] = diff;
  return a[i] === b[j] && a[j] === b[i] && Math.abs(Number(a[i]) - Number(a[j])) >= 2;
}
