/**
 * Whether one misread figure can account for an arithmetic finding on an OCR page. A sum that is
 * off only because OCR read one digit of one figure wrongly (a look-alike, a dropped or doubled
 * digit), dropped a row whose date or amount it garbled, or lost a decimal mark, is off by
 * exactly what that misread changed; a forged amount leaves a gap no doubtful figure of the rows
 * the check added up can explain. Deciding on that gap instead of on the mere presence of a
 * doubtful figure keeps real inconsistencies on scans and photos, where some figure among a
 * statement's rows is almost always read with less confidence.
 */
import { misreadValues } from '../content/arithmetic/misread.js';
import type { TextRun } from '../pdf/text/types.js';
import type { Finding } from '../types.js';

/** The gap between what the figures give and what is printed, or null when not numeric. */
function gap(f: Finding): number | null {
  const num = (v: unknown) => (typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v.trim()) ? Number(v) : typeof v === 'number' ? v : null);
  const expected = num(f.evidence.expected);
  const found = num(f.evidence.found);
  return expected === null || found === null ? null : Math.abs(expected - found);
}

/**
 * The value an OCR word stands for whatever its number style: its digits, with the digits after
 * the last mark as decimals when one or two follow it. Null when it holds no digit run.
 */
function wordValue(text: string): { value: number; decimals: number } | null {
  const t = text.replace(/[^\d.,-]/g, '');
  const digits = t.replace(/\D/g, '');
  if (!digits || digits.length > 12) return null;
  const m = /[.,](\d{1,2})$/.exec(t);
  const decimals = m ? m[1].length : 0;
  return { value: Number(digits) / 10 ** decimals, decimals };
}

/** Every change to the checked figures that misreading `text` once could have caused. */
function misreadEffects(text: string): number[] {
  const w = wordValue(text);
  if (!w) return [];
  const out = misreadValues(w.value, w.decimals).map((v) => Math.abs(v - w.value));
  // The whole figure left out of the sum (its row dropped), or read without its decimal mark.
  out.push(w.value);
  if (w.decimals === 0) out.push(w.value - w.value / 100, w.value / 100);
  else out.push(w.value * 100 - w.value);
  return out;
}

/** Figures printed on the same line as `run`: a garbled date or amount drops its whole row. */
function rowFigures(run: TextRun, runs: readonly TextRun[]): number[] {
  const mid = (run.bbox[1] + run.bbox[3]) / 2;
  return runs
    .filter((r) => r !== run && r.bbox[1] < mid && mid < r.bbox[3])
    .map((r) => wordValue(r.text))
    .filter((v): v is { value: number; decimals: number } => v !== null && v.decimals > 0)
    .map((v) => v.value);
}

/**
 * True when one misread of one of `doubtful` (runs of one page, `pageRuns`) explains the
 * finding's gap, false when none can, null when the finding states no numeric gap (the caller
 * then keeps distrusting it).
 */
export function oneMisreadExplainsGap(f: Finding, doubtful: readonly TextRun[], pageRuns: readonly TextRun[]): boolean | null {
  const g = gap(f);
  if (g === null) return null;
  const tolerance = Math.max(0.011, g * 1e-6);
  return doubtful.some((r) => [...misreadEffects(r.text), ...rowFigures(r, pageRuns)].some((d) => Math.abs(d - g) <= tolerance));
}
