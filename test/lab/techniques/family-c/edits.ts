/**
 * Family C edits: one printed value changed the way a forger changes it, in the document's own
 * format, so that the content no longer agrees with itself. A statement's closing balance is
 * changed "everywhere" (the totals and the last running balance), so only the arithmetic
 * (opening + credits - debits, the last row's balance) still tells; a payslip's basic pay is
 * raised so that the earnings no longer add up to gross; an invoice's total or a line is changed.
 * The edits are derived from the model's keyed cells without touching the model, so families A
 * and B draw exactly what they drew before.
 */
import type { DocModel, EditTarget } from '../../model/types.js';
import type { Rng } from '../../util/prng.js';

export interface CEdit {
  /** What the label records (`key` is the first value changed). */
  edit: EditTarget;
  /** Every printed value the forger changed, by key (the renderers' overrides). */
  overrides: Map<string, string>;
  /** Short name of the edit for the producer line. */
  kind: string;
}

/** Every keyed value the document prints, by key. */
export function keyedValues(model: DocModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const kv of model.meta) if (kv.key) out.set(kv.key, kv.value);
  for (const b of model.blocks) {
    if (b.kind === 'totals') for (const r of b.rows) if (r.key) out.set(r.key, r.value);
    if (b.kind === 'table') for (const row of b.rows) for (const c of row) if (c.key && c.text) out.set(c.key, c.text);
  }
  return out;
}

/**
 * Changes the digit `fromRight` places from the last digit (0 = last cent) by `delta` (mod 10),
 * never turning a leading digit into 0. Two printings of the same figure ("1,234.56" and
 * "£1,234.56") get the same new value.
 */
export function shiftDigit(text: string, fromRight: number, delta: number): string | null {
  const positions = [...text].flatMap((c, i) => (c >= '0' && c <= '9' ? [i] : []));
  if (fromRight >= positions.length) return null;
  const at = positions[positions.length - 1 - fromRight];
  const old = Number(text[at]);
  let digit = (old + delta + 10) % 10;
  if (fromRight === positions.length - 1 && digit === 0) digit = old === 1 ? 2 : 1;
  if (digit === old) return null;
  return text.slice(0, at) + String(digit) + text.slice(at + 1);
}

/** Integer digits of an amount (all digits but the two of the cents). */
function intDigits(text: string): number {
  return Math.max(0, (text.match(/\d/g) ?? []).length - 2);
}

function amountEdit(kind: string, keys: readonly string[], values: ReadonlyMap<string, string>, fromRight: number, delta: number): CEdit | null {
  const overrides = new Map<string, string>();
  for (const key of keys) {
    const before = values.get(key);
    if (!before) return null;
    const after = shiftDigit(before, fromRight, delta);
    if (!after) return null;
    overrides.set(key, after);
  }
  const key = keys[0];
  const edit: EditTarget = {
    target: 'amount',
    key,
    before: values.get(key)!,
    after: overrides.get(key)!,
    breaksArithmetic: true,
    contradicts: false,
    fieldsAfter: {},
  };
  return { edit, overrides, kind };
}

/** A digit of the integer part: the leading one (155.00 -> 655.00) or one in the middle. */
function place(rng: Rng, text: string): number {
  const n = intDigits(text);
  if (n <= 1) return 2;
  return rng.chance(0.5) ? n + 1 : rng.int(3, n + 1);
}

function lastKey(values: ReadonlyMap<string, string>, pattern: RegExp): string | null {
  let best: { key: string; i: number } | null = null;
  for (const key of values.keys()) {
    const m = pattern.exec(key);
    if (m && (!best || Number(m[1]) > best.i)) best = { key, i: Number(m[1]) };
  }
  return best?.key ?? null;
}

function pickKey(rng: Rng, values: ReadonlyMap<string, string>, pattern: RegExp): string | null {
  const keys = [...values.keys()].filter((k) => pattern.test(k));
  return keys.length ? rng.pick(keys) : null;
}

/** The candidate edits of one document, each breaking a relation the document itself states. */
function candidates(rng: Rng, model: DocModel, kinds: ReadonlySet<'amount' | 'date'>): Array<() => CEdit | null> {
  const v = keyedValues(model);
  const up = rng.int(1, 5);
  const one =
    (kind: string, key: string | null, delta = up): (() => CEdit | null) =>
    () =>
      key ? amountEdit(kind, [key], v, place(rng, v.get(key) ?? ''), delta) : null;
  const out: Array<() => CEdit | null> = [];
  if (kinds.has('amount')) {
    switch (model.docType) {
      case 'bank_statement': {
        const closing = lastKey(v, /^txn\.(\d+)\.balance$/);
        out.push(() =>
          closing ? amountEdit('closing balance changed everywhere', ['totals.closing', closing], v, place(rng, v.get('totals.closing') ?? ''), up) : null,
        );
        out.push(one('salary credit changed', model.edits.find((e) => e.target === 'amount')?.key ?? null));
        out.push(one('debit changed', pickKey(rng, v, /^txn\.\d+\.out$/), -up));
        break;
      }
      case 'payslip':
        out.push(one('basic pay changed', 'earn.basic'), one('net pay changed', 'totals.net'), one('gross pay changed', 'totals.gross'));
        break;
      case 'invoice':
        out.push(
          one('total due changed', 'totals.total', -up),
          one('line amount changed', pickKey(rng, v, /^line\.\d+\.amount$/)),
          one('subtotal changed', 'totals.subtotal', -up),
        );
        break;
      case 'utility_bill':
        out.push(one('amount due changed', 'totals.due', -up), one('energy charge changed', 'charge.energy', -up));
        break;
      case 'receipt':
        out.push(one('total changed', 'totals.total'), one('item price changed', pickKey(rng, v, /^item\.\d+$/)));
        break;
      default:
        break;
    }
  }
  if (kinds.has('date')) {
    const redate = model.edits.find((e) => e.target === 'date' && e.contradicts);
    if (redate) out.push(() => ({ edit: redate, overrides: new Map([[redate.key, redate.after]]), kind: 're-dated a year later' }));
  }
  return out;
}

/** One edit that breaks the document's own consistency (arithmetic, or a date against its period). */
export function consistencyEdit(rng: Rng, model: DocModel, kinds: ReadonlyArray<'amount' | 'date'> = ['amount']): CEdit {
  for (const make of rng.shuffle(candidates(rng, model, new Set(kinds)))) {
    const e = make();
    if (e) return e;
  }
  throw new Error(`no consistency edit for ${model.docType}`);
}
