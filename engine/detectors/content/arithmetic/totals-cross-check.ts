/**
 * Invoice totals read by OCR, judged by the document's own arithmetic rather than by tesseract's
 * word confidence (the running-balance counterpart is cross-check.ts, which says why confidence
 * is not used). A tax printed with its rate checks the subtotal it was computed from: OCR does
 * not misread a subtotal and its tax into agreement with the printed rate to the cent. With the
 * subtotal and the tax both confirmed that way and nothing else between them and the total, the
 * total is the only figure left that can be wrong; when what it should be and what is printed are
 * several characters apart (not one or two misread, dropped or doubled digits), or differ in one
 * digit OCR never takes for the other, the page does not show the figure the invoice was
 * computed with.
 *
 * OCR often drops the decimal mark of a figure set in a larger or bolder face ("837297 €" for
 * "8 372,97 €"). Such a figure (no decimal mark, three or more digits) is also read as cents, the
 * only way invoice totals are printed; the confirmation decides which reading holds.
 */
import type { ParsedAmount } from '../../../read/extract/numbers.js';
import { near } from '../evidence.js';
import { farApart } from './cross-check.js';
import { foreignDigit, misreadValues, swappedDigits } from './misread.js';

/**
 * The values an OCR'd money figure can stand for: as read, and as cents when OCR may have dropped
 * its decimal mark. A figure from a text layer is what it says.
 */
export function moneyReadings(a: ParsedAmount, ocr: boolean): number[] {
  if (!ocr || a.decimals !== 0 || a.percent) return [a.value];
  const digits = a.raw.replace(/\D/g, '');
  if (digits.length < 3) return [a.value];
  return [a.value, (a.value < 0 ? -1 : 1) * (Number(digits) / 100)];
}

/** Tax computed from `base` at `rate` percent and rounded to the cent, as issuers print it. */
function taxOf(base: number, rate: number): number {
  return Math.round(base * rate) / 100;
}

/**
 * A subtotal and tax reading that agree with the printed rate to the cent (rounded either way).
 * A zero tax confirms nothing (any subtotal gives it).
 */
export function confirmedByRate(subtotals: readonly number[], taxes: readonly number[], rate: number): { subtotal: number; tax: number } | null {
  if (!(rate > 0 && rate < 100)) return null;
  for (const subtotal of subtotals) {
    for (const tax of taxes) {
      if (Math.abs(tax) < 0.5) continue;
      if (near(taxOf(subtotal, rate), tax, 0.011)) return { subtotal, tax };
    }
  }
  return null;
}

/**
 * A gross subtotal and the tax it includes ("incl. VAT 5.5%") that agree with the printed rate
 * to the cent: the tax is rate / (100 + rate) of the gross. A zero tax confirms nothing.
 */
export function confirmedIncluded(grosses: readonly number[], taxes: readonly number[], rate: number): { subtotal: number; tax: number } | null {
  if (!(rate > 0 && rate < 100)) return null;
  for (const subtotal of grosses) {
    for (const tax of taxes) {
      if (Math.abs(tax) < 0.5) continue;
      if (near((subtotal * rate) / (100 + rate), tax, 0.006)) return { subtotal, tax };
    }
  }
  return null;
}

const digitsOf = (v: number) => Math.round(Math.abs(v) * 100).toString();

export type TotalReading =
  /** Some reading of the total adds up: the disagreement was OCR's. */
  | 'adds_up'
  /** Every reading is several characters from the required total, and none is a cut-off copy of it. */
  | 'contradicts'
  /** Close enough to be a misreading: the confidence guard decides. */
  | 'unsure';

/**
 * How a total's readings relate to the total its confirmed parts require. A reading that is the
 * required figure with its leading digits missing ("047,56" for "10 047,56", a thousands group
 * OCR never saw) is a misreading, not a contradiction, whatever the edit distance.
 */
export function judgeTotal(readings: readonly number[], required: number): TotalReading {
  if (readings.some((r) => near(Math.abs(r), Math.abs(required)))) return 'adds_up';
  const want = digitsOf(required);
  const far = readings.every((r) => (farApart(r, required) && !want.endsWith(digitsOf(r))) || foreignDigit(digitsOf(r), want));
  return far ? 'contradicts' : 'unsure';
}

/**
 * A subtotal read from a picture whose tax and total agree with each other: the total less the
 * tax is the subtotal the invoice was computed with, and the subtotal as read is one OCR misread
 * of it (misread.ts). With a printed rate the tax must be that rate of it (to the cent, rounded
 * either way), which a retyped total or tax does not keep; without one only two neighbouring
 * digits read in swapped order count (`swappedDigits`).
 */
export function subtotalMisread(read: ParsedAmount, tax: number, rate: number | null, total: number): boolean {
  const required = Math.round((total - tax) * 100) / 100;
  if (near(read.value, required, 0.005) || Math.abs(tax) < 0.5) return false;
  if (rate !== null) {
    if (!(rate > 0 && rate < 100)) return false;
    const cents = [Math.floor(required * rate + 1e-7) / 100, Math.ceil(required * rate - 1e-7) / 100];
    if (!cents.some((t) => near(t, tax, 0.005))) return false;
    return misreadValues(read.value, read.decimals).some((v) => near(v, required, 0.005));
  }
  return swappedDigits(read.value, required);
}
