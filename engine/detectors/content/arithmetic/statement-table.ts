/**
 * Reads the transaction table of a bank statement: rows that open with a date, their money
 * cells assigned to the columns named by the nearest header above (debit/credit/amount/balance),
 * or, without a header, "amount then balance" when a row has exactly two figures.
 */
import type { Cell, Line } from '../../../read/extract/layout.js';
import { leadingDate, type DateOrder, type DateToken } from '../../../read/extract/dates.js';
import type { NumberStyle } from '../../../read/extract/numbers.js';
import { moneyCells } from '../amounts.js';
import { columnPlacer, type Column, type ColumnKind } from './columns.js';
import { repeatsAcrossPageBreak } from './page-break.js';

export interface TxRow {
  line: Line;
  date: DateToken | null;
  /** Signed change when known (credit - debit, or a signed amount). */
  delta: number | null;
  /** Unsigned change when the sign cannot be read (no header, no sign marks). */
  magnitude: number | null;
  balance: number | null;
  cells: Cell[];
  /** Balance-only line: 'open' restarts the chain (brought forward), 'close' ends it (carried forward). */
  carried: 'open' | 'close' | null;
  /** The row's figures could not be placed in columns: the balance chain breaks here. */
  unread?: boolean;
}

// Words may run together: OCR often drops the space in a short header ("Paidout").
const KIND: Array<[ColumnKind, RegExp]> = [
  ['balance', /^(?:running ?)?balance(?: \(.+\))?$|^saldo$|^solde$|^kontostand$/i],
  [
    'debit',
    /^(?:debits?|paid ?out|money ?out|out|withdrawals?|payments?|withdrawn|debit ?amount|charges|soll|belastung|lastschrift|débit|retraits?|ausgang)(?: \(.+\))?$/i,
  ],
  ['credit', /^(?:credits?|paid ?in|money ?in|in|deposits?|receipts?|credit ?amount|haben|gutschrift|crédit|versements?|eingang)(?: \(.+\))?$/i],
  ['amount', /^(?:amount|transaction ?amount|betrag|montant|importe|umsatz)(?: \(.+\))?$/i],
];

const OPENS =
  /^(?:balance brought forward|brought forward|opening balance|previous balance|starting balance|balance b\/?f|start balance|alter (?:kontostand|saldo)|anfangssaldo|solde (?:précédent|initial))\b/i;
const CLOSES =
  /^(?:balance carried forward|carried forward|closing balance|ending balance|balance c\/?f|end balance|neuer (?:kontostand|saldo)|endsaldo|solde (?:final|au .+))\b/i;

function carriedKind(text: string | undefined): 'open' | 'close' | null {
  if (!text) return null;
  return OPENS.test(text) ? 'open' : CLOSES.test(text) ? 'close' : null;
}

function headerColumns(line: Line): Column[] | null {
  const cols: Column[] = [];
  for (const cell of line.cells) {
    const t = cell.text.trim().replace(/[:.]$/, '');
    const kind = KIND.find(([, re]) => re.test(t))?.[0];
    if (kind) cols.push({ kind, x0: cell.x0, x1: cell.x1 });
  }
  const kinds = new Set(cols.map((c) => c.kind));
  if (!kinds.has('balance') || !(kinds.has('amount') || kinds.has('debit') || kinds.has('credit'))) return null;
  if (!/date|datum|date de|fecha/i.test(line.text)) return null;
  return cols;
}

/**
 * A header naming transaction columns but no balance ("Date  Description  Amount"): the same
 * transactions listed again by type under the balance table. Its amounts are no balances.
 */
function listingHeader(line: Line): boolean {
  const kinds = line.cells.map((c) => KIND.find(([, re]) => re.test(c.text.trim().replace(/[:.]$/, '')))?.[0]);
  return !kinds.includes('balance') && kinds.some((k) => k === 'amount' || k === 'debit' || k === 'credit') && /date|datum|date de|fecha/i.test(line.text);
}

export interface StatementTable {
  rows: TxRow[];
  /** True when a header named the columns (signs are then known). */
  headed: boolean;
}

type Money = ReturnType<typeof moneyCells>;

/** Words ending in an amount with two decimals: "DIRECT DEBIT MOBILE 414.78". */
const GLUED_AMOUNT = /\p{L}\S*\s+[-(]?[£€$]?\d{1,3}(?:[,.\u00a0\u202f ]\d{3})*[.,]\d{2}\)?$/u;

/**
 * A figure OCR read without its marks ("394713" for "3 947,13", "7712" for "77,12"), or with its
 * thousands mark but not its decimal mark ("4.49280" for "4.492,80": the last group has five
 * digits, three and the cents).
 */
const BARE_DIGITS = /^([-(]?)[£€$]?(\d{3,8}|\d{1,3}(?:[.,\u00a0\u202f]\d{3})*[.,\u00a0\u202f]\d{5})[£€$]?(\)?-?)$/;

/**
 * The money cells of a row; on OCR lines also bare digit runs in the money columns, read as
 * cents: money columns print two decimals, and OCR drops the decimal mark (and a thin thousands
 * space) far more often than a digit. Without this the row kept only its balance and its
 * transaction vanished from the chain, breaking it at an innocent row.
 */
function rowMoney(line: Line, style: NumberStyle, cols: Column[] | null): Money {
  const money = moneyCells(line, style, 1);
  if (!line.ocr || !cols?.length) return money;
  const left = Math.min(...cols.map((c) => c.x0)) - 0.03;
  const taken = new Set(money.map((m) => m.cell));
  for (const cell of line.cells.slice(1)) {
    const m = BARE_DIGITS.exec(cell.text.trim());
    if (!m || taken.has(cell) || cell.x1 < left) continue;
    const neg = m[1] !== '' || m[3] !== '';
    const value = Number(m[2].replace(/\D/g, '')) / 100;
    money.push({ cell, amount: { value: neg ? -value : value, decimals: 2, raw: cell.text, sign: neg ? 'neg' : null, currency: null, percent: false } });
  }
  return money.sort((a, b) => a.cell.x0 - b.cell.x0);
}

/** Signs and balance of one row from the columns its figures fall in. */
function placeRow(row: TxRow, money: Money, place: (c: Cell) => { kinds: ColumnKind[] }, signedAmount: boolean): void {
  let debit = 0;
  let credit = 0;
  let unsigned = 0;
  let amount: number | null = null;
  let balance: number | null = null;
  for (const m of money) {
    const { kinds } = place(m.cell);
    const v = m.amount.value;
    if (kinds.length === 1) {
      const [k] = kinds;
      if (k === 'balance') balance = v;
      else if (k === 'debit') debit += Math.abs(v);
      else if (k === 'credit') credit += Math.abs(v);
      else amount = v;
    } else if (kinds.length === 2 && kinds.every((k) => k === 'debit' || k === 'credit') && unsigned === 0) {
      // In or out cannot be told apart: keep the size, let the walk try both signs.
      unsigned = Math.abs(v);
    } else {
      row.unread = true;
      return;
    }
  }
  row.balance = balance;
  if (signedAmount) {
    if (amount !== null) row.delta = amount;
  } else if (unsigned) {
    if (debit || credit) row.unread = true;
    else row.magnitude = unsigned;
  } else if (debit || credit || money.length > 1) row.delta = credit - debit;
}

export function readStatementTable(lines: Line[], style: NumberStyle, order: DateOrder): StatementTable | null {
  let cols: Column[] | null = null;
  let headed = false;
  let listing = false;
  let usesAmountColumn = false;
  const rows: TxRow[] = [];
  // Rows under the current header wait until the table ends: their columns are read together.
  let pending: Array<{ row: TxRow; money: Money }> = [];
  const flush = () => {
    if (cols && pending.length) {
      const place = columnPlacer(
        cols,
        pending.flatMap((p) => p.money.map((m) => m.cell)),
      );
      const signed = cols.some((c) => c.kind === 'amount');
      if (signed) usesAmountColumn = true;
      for (const p of pending) placeRow(p.row, p.money, place, signed);
    }
    pending = [];
  };
  // A date set alone on its line, its row's other cells on the next line (a tall row whose
  // date cell is top-aligned and the rest vertically centred, as wkhtmltopdf renders some).
  let dateAlone: { line: Line; date: DateToken } | null = null;
  for (const line of lines) {
    const split = dateAlone && dateAlone.line.page === line.page ? dateAlone : null;
    dateAlone = null;
    const h = headerColumns(line);
    if (h) {
      flush();
      cols = h;
      headed = true;
      listing = false;
      continue;
    }
    // Once a balance table was read, a table without a balance column is another table.
    if (headed && listingHeader(line)) {
      flush();
      cols = null;
      listing = true;
      continue;
    }
    if (listing) continue;
    const first = line.cells[0]?.text ?? '';
    const own = leadingDate(first, order);
    // Balance-only lines count inside the table, not in a summary box above it.
    const inTable = cols !== null || rows.length > 0 || own !== null;
    const carried = inTable ? (carriedKind(first) ?? (own !== null ? carriedKind(line.cells[1]?.text) : null)) : null;
    const date = own ?? (carried ? null : (split?.date ?? null));
    if (!date && !carried) continue;
    const money = rowMoney(line, style, cols);
    if (!money.length) {
      if (own && !carried && line.cells.length === 1) dateAlone = { line, date: own };
      continue;
    }
    if (repeatsAcrossPageBreak(line, rows[rows.length - 1]?.line)) continue;
    const row: TxRow = { line, date, delta: null, magnitude: null, balance: null, cells: money.map((m) => m.cell), carried };
    if (carried) {
      row.balance = money[money.length - 1].amount.value;
      rows.push(row);
      continue;
    }
    // The transaction set so close to the description that the two read as one cell (TCPDF
    // left-aligns figures in their column): its amount is on the line but in no money cell, so
    // the balance cannot be checked from it.
    if (line.cells.some((c) => !row.cells.includes(c) && GLUED_AMOUNT.test(c.text))) row.unread = true;
    if (cols) pending.push({ row, money });
    else if (money.length === 2) {
      const [a, b] = money.map((m) => m.amount);
      if (a.sign) row.delta = a.value;
      else row.magnitude = Math.abs(a.value);
      row.balance = b.value;
    } else if (line.ocr) {
      // One figure where an unheaded table prints two: OCR lost the other, and this row's
      // transaction or balance is unknown (the chain cannot run through it).
      row.unread = true;
    } else continue;
    rows.push(row);
  }
  flush();
  if (rows.filter((r) => !r.carried).length < 3) return null;
  // A signed "amount" column that never shows a negative figure does not tell its signs.
  if (usesAmountColumn && !rows.some((r) => r.delta !== null && r.delta < 0)) {
    for (const r of rows) {
      if (r.delta !== null) {
        r.magnitude = Math.abs(r.delta);
        r.delta = null;
      }
    }
  }
  return { rows, headed };
}
