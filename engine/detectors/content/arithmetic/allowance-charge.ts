/**
 * Document-level allowances and charges (EN 16931 BG-20/BG-21) against the totals printed for
 * them. E-invoice viewers print the rows in a block of their own ("Zu- und Abschläge",
 * "Allowances/Charges": "Abschlag Rechnungsrabatt  7 % UST (S)  0,08") and their sums among the
 * document totals ("Gesamtbetrag der Abschläge  0,23", BT-107/BT-108), between the sum of the
 * lines and the tax basis ("Positionssumme / Zuschläge / Abschläge / Rechnungssumme ohne USt.",
 * BT-106 − BT-107 + BT-108 = BT-109). A forger who edits one row, or one of these totals, breaks
 * one of the two sums. The totals walk (invoice.ts) starts at the tax basis and never sees them.
 * Credit notes print the lines negative and the allowances positive (an allowance reduces the
 * amount credited), so the relation is read on magnitudes.
 */
import type { Line } from '../../../read/extract/layout.js';
import type { DocModel } from '../../../read/extract/model.js';
import { formatAmount, isMoney, parseAmount } from '../../../read/extract/numbers.js';
import { labelledAmounts, type Labelled } from '../amounts.js';
import { finding, near, operands } from '../evidence.js';
import { round2 } from '../../../kit/numbers.js';
import { STRENGTH } from '../../strengths.js';
import type { ArithmeticFinding } from './emits.js';
import type { Checked } from './checked.js';

/** The block's title, alone on its line. */
const BLOCK = /^\s*(?:zu- und abschläge|zu-\/abschläge|allowances?\s*(?:\/|and|&)\s*charges|remises?\s*(?:\/|et)\s*charges)\s*:?\s*$/iu;
const ALLOWANCE_ROW = /^\s*(?:abschlag|nachlass|allowance|discount|remise)(?![\p{L}])/iu;
const CHARGE_ROW = /^\s*(?:zuschlag|surcharge|charge|frais)(?![\p{L}])/iu;
const LINE_TOTAL = /positionssumme|summe (?:der )?positionen|(?:invoice )?line total|sum of (?:invoice )?line(?: net)? amounts?|total des lignes/;
const ALLOWANCES = /gesamtbetrag der abschläge|summe (?:der )?abschläge|(?:sum of |total )?allowances|total des remises/;
const CHARGES = /gesamtbetrag der zuschläge|summe (?:der )?zuschläge|(?:sum of |total )?charges|total des charges/;
const BASIS = /rechnungssumme ohne ust\.?|steuerbasis(?:betrag)?|tax basis|(?:invoice )?total amount without (?:vat|tax)/;

interface Rows {
  allowances: Line[];
  charges: Line[];
  allowance: number;
  charge: number;
}

/** The last cell's figure, as money with two decimals; null otherwise. */
function rowFigure(line: Line, model: DocModel): number | null {
  const last = line.cells[line.cells.length - 1];
  if (line.cells.length < 2 || !last) return null;
  const a = parseAmount(last.text, model.style);
  return a && isMoney(a) && a.decimals === 2 ? a.value : null;
}

/** Any cell of the line read as money with two decimals. */
function hasFigure(line: Line, model: DocModel): boolean {
  return line.cells.some((c) => {
    const a = parseAmount(c.text, model.style);
    return a !== null && isMoney(a) && a.decimals === 2;
  });
}

/**
 * The rows under each block title. A row's name may wrap, its figure on one of the next three
 * lines ("Abschlag Rechnungsrabatt 1" above "-2,00% Basisbetrag: -5,00,  19% UST(S)  0,10"), and
 * its details may follow it without a figure ("MwSt. % 19,0"). A block with a row whose figure is
 * not found is not understood and not checked. A row no label names ("Transportkosten  3,00", a
 * charge printed by its reason alone) is a charge only where its sign says so: every named
 * allowance printed negative, it positive. Otherwise (a credit note's positive allowances) the
 * block is not understood.
 */
function blocks(model: DocModel): Rows[] {
  const out: Rows[] = [];
  model.lines.forEach((title, i) => {
    if (title.cells.length !== 1 || !BLOCK.test(title.text)) return;
    const rows: Rows = { allowances: [], charges: [], allowance: 0, charge: 0 };
    let understood = true;
    let pending: { allowance: boolean; lines: Line[] } | null = null;
    const signed: number[] = [];
    const unnamed: Array<{ line: Line; v: number }> = [];
    const add = (allowance: boolean, lines: Line[], v: number) => {
      if (allowance) signed.push(v);
      (allowance ? rows.allowances : rows.charges).push(...lines);
      if (allowance) rows.allowance += Math.abs(v);
      else rows.charge += Math.abs(v);
    };
    for (const line of model.lines.slice(i + 1, i + 40)) {
      if (line.page !== title.page) break;
      const first = line.cells[0]?.text ?? '';
      const allowance = ALLOWANCE_ROW.test(first);
      if (allowance || CHARGE_ROW.test(first)) {
        if (pending) understood = false;
        const v = rowFigure(line, model);
        pending = v === null ? { allowance, lines: [line] } : null;
        if (v !== null) add(allowance, [line], v);
      } else if (pending) {
        const v = rowFigure(line, model);
        pending.lines.push(line);
        if (v !== null) {
          add(pending.allowance, pending.lines, v);
          pending = null;
        } else if (pending.lines.length > 3) understood = false;
      } else if (hasFigure(line, model)) {
        // A figure no row label names: the block's own total ends it; a row named by its reason is weighed below.
        const named = rows.allowances.length + rows.charges.length > 0;
        const total = labelledAmounts([line], ALLOWANCES, model.style).length || labelledAmounts([line], CHARGES, model.style).length;
        const v = rowFigure(line, model);
        if (named && !total && v !== null && /\p{L}{3}/u.test(line.cells[0]?.text ?? '')) {
          unnamed.push({ line, v });
          continue;
        }
        if (named && !total) understood = false;
        break;
      } else if (rows.allowances.length + rows.charges.length && !/\d/.test(line.text)) break;
      if (!understood) break;
    }
    if (pending) understood = false;
    if (unnamed.length) {
      if (signed.length && signed.every((v) => v < 0) && unnamed.every((u) => u.v > 0)) for (const u of unnamed) add(false, [u.line], u.v);
      else understood = false;
    }
    if (understood && (rows.allowances.length || rows.charges.length)) out.push(rows);
  });
  return out;
}

/** Lines of one label and one figure, outside the block's rows. */
function printed(model: DocModel, re: RegExp, own: Set<Line>): Labelled[] {
  return labelledAmounts(model.lines, re, model.style).filter(
    (h) => h.amounts.length === 1 && !own.has(h.line) && !ALLOWANCE_ROW.test(h.label) && !CHARGE_ROW.test(h.label),
  );
}

function sumFindings(model: DocModel, rows: Rows, checked: Checked): ArithmeticFinding[] {
  const own = new Set([...rows.allowances, ...rows.charges]);
  const out: ArithmeticFinding[] = [];
  const kinds: Array<[Line[], number, RegExp, string]> = [
    [rows.allowances, rows.allowance, ALLOWANCES, 'allowances'],
    [rows.charges, rows.charge, CHARGES, 'charges'],
  ];
  for (const [lines, sum, re, what] of kinds) {
    const totals = printed(model, re, own);
    if (!lines.length || !totals.length) continue;
    checked.add('invoice_total');
    if (totals.some((h) => near(Math.abs(h.amounts[0].value), round2(sum)))) continue;
    const h = totals[0];
    out.push(
      finding(
        'arithmetic_error',
        'invoice_total',
        `The total of ${what} ${formatAmount(h.amounts[0].value)} is not the sum of the ${what} listed (${formatAmount(round2(sum))}).`,
        h.line,
        STRENGTH['arithmetic_error.invoice_total'],
        { expected: formatAmount(round2(sum)), found: formatAmount(h.amounts[0].value), ...operands([...lines, h.line]) },
        h.cells,
      ),
    );
  }
  return out;
}

/** Line total − allowances + charges = tax basis, the four printed within six lines on one page. */
function basisFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  const out: ArithmeticFinding[] = [];
  const one = (re: RegExp) => labelledAmounts(model.lines, re, model.style).filter((h) => h.amounts.length === 1);
  const allowances = one(ALLOWANCES);
  const charges = one(CHARGES);
  const bases = one(BASIS);
  for (const lt of one(LINE_TOTAL)) {
    const at = model.lines.indexOf(lt.line);
    const within = (h: Labelled) => {
      const j = model.lines.indexOf(h.line);
      return h.line.page === lt.line.page && j > at && j <= at + 6;
    };
    const a = allowances.filter(within);
    const c = charges.filter(within);
    const b = bases.filter(within);
    if (a.length !== 1 || c.length !== 1 || b.length !== 1) continue;
    checked.add('invoice_total');
    const v = (h: Labelled) => Math.abs(h.amounts[0].value);
    const expected = round2(v(lt) - v(a[0]) + v(c[0]));
    if (near(expected, v(b[0]))) continue;
    out.push(
      finding(
        'arithmetic_error',
        'invoice_total',
        `The tax basis ${formatAmount(b[0].amounts[0].value)} is not the line total ${formatAmount(lt.amounts[0].value)} less allowances ${formatAmount(a[0].amounts[0].value)} plus charges ${formatAmount(c[0].amounts[0].value)} (${formatAmount(expected)}).`,
        b[0].line,
        STRENGTH['arithmetic_error.invoice_total'],
        { expected: formatAmount(expected), found: formatAmount(b[0].amounts[0].value), ...operands([lt.line, a[0].line, c[0].line, b[0].line]) },
        b[0].cells,
      ),
    );
  }
  return out;
}

export function allowanceChargeFindings(model: DocModel, checked: Checked): ArithmeticFinding[] {
  return [...blocks(model).flatMap((rows) => sumFindings(model, rows, checked)), ...basisFindings(model, checked)];
}
