/**
 * content_inconsistency.restated_figure: a document that prints its key figure twice (an
 * invoice's amount due in the header box and at the foot of the totals, a statement's closing
 * balance in its summary and after the last transaction, a payslip's net pay in the summary and
 * on the payment line) is written by one system from one value. A forger who retypes one copy
 * and leaves the other makes the document contradict itself, while every sum around the edited
 * copy may still be checked against nothing. The account-number counterpart is
 * identifier-contradictions.ts.
 *
 * What is not one figure printed twice: several accounts or periods in one file (each value
 * printed as often as the other), a list or instalment table (copies on neighbouring lines), a
 * per-page subtotal or carried-forward line, an amount in a second currency, a figure OCR read
 * one character differently, and two unrelated figures: the copies must be a digit or two apart,
 * as a retyped copy is.
 */
import { ACCOUNT_LABEL } from '../../read/extract/account.js';
import { findLabelled } from '../../read/extract/labels.js';
import type { Cell, Line } from '../../read/extract/layout.js';
import type { DocModel } from '../../read/extract/model.js';
import { findMoney, ISO_CURRENCIES, type ParsedAmount } from '../../read/extract/numbers.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { labelledAmounts } from './amounts.js';
import { misreadValues } from './arithmetic/misread.js';
import { finding } from './evidence.js';

const THRESHOLDS = {
  maxChangedDigits: { value: 2, why: 'A forger retypes a digit or two of one copy; two unrelated figures of the same length differ in more.' },
  minDifference: { value: 1, why: 'Copies a few cents apart are the issuer rounding the figure twice, not an edit.' },
  listLines: { value: 4, why: 'Copies within a few lines of each other on one page are rows of a list (instalments, sections), not two copies.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const EMITS = [{ flag: 'content_inconsistency', reasons: ['restated_figure'] }] as const satisfies readonly Emit[];
type Found = DeclaredFinding<typeof EMITS>;

/** Labels of the figure a document states once and may print twice, by family. */
const FAMILIES: ReadonlyArray<{ name: string; label: RegExp }> = [
  {
    name: 'amount due',
    label:
      /total amount due|amount due|total due|balance due|amount payable|total payable|grand total|invoice total|zahlbetrag|rechnungsbetrag|gesamtbetrag|net [àa] payer|montant total/,
  },
  {
    name: 'closing balance',
    label: /closing balance|ending balance|new balance|balance at end of period|endsaldo|neuer saldo|neuer kontostand|nouveau solde|solde final/,
  },
  { name: 'net pay', label: /net pay|net salary|net wages|take[- ]home pay|nettoverdienst|auszahlungsbetrag/ },
  { name: 'amount paid', label: /amount paid|total paid|paid amount|amount received/ },
];

/**
 * The key figure said in a sentence with its date: "$10.00 paid on July 19, 2024", "$93.50 due
 * May 1, 2025" (online billing's receipts and invoices print it above the items and again in the
 * footer). The figure is all that stands before the verb (after a "·" or "|" separator).
 */
const SENTENCE =
  /(?:^|[·|•]\s*)([^·|•]+?)\s+(paid|due)(?:\s+(?:on|by))?\s+(\p{L}{3,9}\.? \d{1,2},? \d{4}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{1,2}\.? \p{L}{3,9}\.? \d{4})\s*$/iu;
const SENTENCE_FAMILY = { paid: 'amount paid', due: 'amount due' } as const;

/** The bottom line of an invoice's totals printed as a bare "Total" (the header box says "Total due"). */
const BARE_TOTAL = /total|gesamt|summe/;

/** Lines that print the figure of a part of the document (a page, a section, an instalment). */
const PART = /carried|brought forward|b\/f|c\/f|übertrag|vortrag|report|subtotal|sub-total|sub total|zwischensumme|instal?ments?|teilzahlung|échéance/i;

/** Labelled figures that make a bill's amount due another figure than the total of its items. */
const BETWEEN_TOTAL_AND_DUE =
  /previous balance|balance brought forward|(?:less )?payments?(?: received)?|(?:amount )?paid|paid to date|(?:less )?deposits?|credits?|(?:erhaltene |geleistete )?anzahlung(?:en)?|acomptes?|adjustments?|late fees?|finance charges?|(?:less )?discount|skonto/;

export interface Copy {
  family: string;
  key: string;
  line: Line;
  labelLine: Line;
  labelCell: Cell;
  /** The figure's cell. */
  cell: Cell;
  amount: ParsedAmount;
  cents: number;
  /** Said in a sentence with its date ("$10.00 paid on July 19, 2024"): a copy of another form, never a list row. */
  sentence?: true;
}

/** A date the figure is stated at, printed in its label ("on 8/11", "as of Jun 24 2020"). */
const AS_OF = /^\s*(?:on|as of|at|per)\s+(\d{1,2}[/.-]\d{1,2}(?:[/.-]\d{2,4})?|\p{L}{3,9}\.? \d{1,2},? \d{4}|\d{1,2}\.? \p{L}{3,9}\.? \d{4})/iu;

/** What may follow the label in its cell: punctuation and the currency ("Total due (USD):"), never another word ("YTD"). */
function cleanRest(rest: string): boolean {
  const left = rest
    .replace(/[\s:=.()*#–-]+/g, ' ')
    .trim()
    .replace(/^in /i, '');
  return left === '' || /^[$€£]$/.test(left) || (/^[A-Z]{3}$/.test(left) && ISO_CURRENCIES.has(left));
}

/** Copies of the family's labels: one money figure, the label cell saying nothing else. */
function copiesOf(model: DocModel, family: string, label: RegExp): Copy[] {
  const anchored = new RegExp(`^\\s*(?:${label.source})(?![\\p{L}])`, 'iu');
  const out: Copy[] = [];
  for (const hit of labelledAmounts(model.lines, label, model.style)) {
    if (hit.amounts.length !== 1 || hit.amounts[0].percent) continue;
    const labelLine = hit.labelLine ?? hit.line;
    const cell = labelLine.cells.find((c) => anchored.test(c.text));
    if (!cell) continue;
    let rest = cell.text.replace(anchored, '').replace(hit.amounts[0].raw, '');
    // "Ending balance on 8/11": the date is part of the label (another date, another figure).
    const dated = AS_OF.exec(rest);
    if (dated) rest = rest.slice(dated[0].length);
    if (!cleanRest(rest) || PART.test(labelLine.text)) continue;
    const label = (anchored.exec(cell.text)?.[0] ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
    const key = dated ? `${label} on ${dated[1].toLowerCase()}` : label;
    out.push({
      family,
      key,
      line: hit.line,
      labelLine,
      labelCell: cell,
      cell: hit.cells[0],
      amount: hit.amounts[0],
      cents: Math.round(Math.abs(hit.amounts[0].value) * 100),
    });
  }
  return out;
}

/**
 * The family's figure said in a sentence with its date, as copies under the key of the family's
 * last labelled copy (nothing to compare without one). Sentences of several dates are several
 * payments or instalments, not one figure restated: none is taken.
 */
function sentenceCopies(model: DocModel, family: string, labelled: Copy[]): Copy[] {
  const last = labelled[labelled.length - 1];
  if (!last) return [];
  const out: Copy[] = [];
  const dates = new Set<string>();
  for (const line of model.lines) {
    for (const cell of line.cells) {
      const m = SENTENCE.exec(cell.text);
      if (!m || SENTENCE_FAMILY[m[2].toLowerCase() as keyof typeof SENTENCE_FAMILY] !== family) continue;
      const money = findMoney(m[1], model.style);
      if (money.length !== 1 || money[0].raw.trim() !== m[1].trim() || money[0].percent) continue;
      dates.add(m[3].toLowerCase());
      const amount = money[0];
      out.push({
        family,
        key: last.key,
        line,
        labelLine: line,
        labelCell: cell,
        cell,
        amount,
        cents: Math.round(Math.abs(amount.value) * 100),
        sentence: true,
      });
    }
  }
  return dates.size === 1 ? out : [];
}

/**
 * The last bare "Total" of an invoice as a copy of its amount due, when nothing after it (a
 * previous balance, a payment, a deposit) makes the amount due another figure, and no
 * due-family label follows it (that one is the bottom line).
 */
function bareTotal(model: DocModel, due: Copy[]): Copy | null {
  if (!due.length) return null;
  const totals = copiesOf(model, 'amount due', BARE_TOTAL).filter((c) => /^\s*(?:total|gesamt|summe)\s*[:=]?\s*$/i.test(c.labelCell.text));
  const last = totals[totals.length - 1];
  if (!last) return null;
  const at = model.lines.indexOf(last.line);
  if (due.some((d) => model.lines.indexOf(d.line) > at)) return null;
  if (labelledAmounts(model.lines, BETWEEN_TOTAL_AND_DUE, model.style).length) return null;
  return { ...last, key: due[due.length - 1].key };
}

const digitsApart = (a: number, b: number): number => {
  const x = String(a);
  const y = String(b);
  if (x.length !== y.length) return Infinity;
  let n = 0;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) n++;
  return n;
};

/** Several accounts in one file: their balances are different figures under one label. */
function severalAccounts(model: DocModel): boolean {
  const seen = new Set<string>();
  for (const hit of findLabelled(model.lines, ACCOUNT_LABEL)) {
    const v = hit.values[0]?.text.replace(/[\s-]/g, '');
    if (v && /^\d{6,}$/.test(v)) seen.add(v);
  }
  return seen.size > 1;
}

/** A document with amounts in two currencies prints its key figure once in each. */
function currencies(model: DocModel): number {
  const seen = new Set<string>();
  for (const l of model.lines) for (const a of findMoney(l.text, model.style)) if (a.currency) seen.add(a.currency);
  return seen.size;
}

const ocrSlip = (a: Copy, b: Copy): boolean =>
  (a.line.ocr || b.line.ocr) === true &&
  (misreadValues(a.cents / 100, 2).some((v) => Math.round(v * 100) === b.cents) ||
    misreadValues(b.cents / 100, 2).some((v) => Math.round(v * 100) === a.cents));

const listed = (a: Line, b: Line): boolean => a === b || (a.page === b.page && Math.abs(a.index - b.index) <= T.listLines);

function regions(...lines: Line[]) {
  return lines.filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox! }));
}

/** The odd copy out of one label's copies, against the copy it contradicts. */
function contradiction(copies: Copy[]): { odd: Copy; kept: Copy } | null {
  const byValue = new Map<number, Copy[]>();
  for (const c of copies) byValue.set(c.cents, [...(byValue.get(c.cents) ?? []), c]);
  if (byValue.size !== 2) return null;
  const [x, y] = [...byValue.values()].sort((p, q) => q.length - p.length);
  // Each value printed more than once: two accounts or periods, each with its summary and its end.
  if (y.length > 1) return null;
  const odd = y[0];
  if (
    x.some(
      (k) =>
        (!k.sentence && !odd.sentence && listed(k.line, odd.line)) || (k.amount.currency && odd.amount.currency && k.amount.currency !== odd.amount.currency),
    )
  )
    return null;
  // Two copies alone: the first printed (the header box, the summary) stands against the later one.
  const kept = x[0];
  if (Math.abs(kept.cents - odd.cents) < T.minDifference * 100) return null;
  if (digitsApart(kept.cents, odd.cents) > T.maxChangedDigits || ocrSlip(kept, odd)) return null;
  return { odd, kept };
}

/** The copies of each key figure the document prints, one group per label (groups of one included). */
export function printedCopies(model: DocModel): Array<{ family: string; key: string; copies: Copy[] }> {
  if (currencies(model) > 1) return [];
  const accounts = severalAccounts(model);
  const out: Array<{ family: string; key: string; copies: Copy[] }> = [];
  for (const { name, label } of FAMILIES) {
    if (name === 'closing balance' && accounts) continue;
    const copies = [...copiesOf(model, name, label)];
    copies.push(...sentenceCopies(model, name, copies));
    const bare = name === 'amount due' ? bareTotal(model, copies) : null;
    const byKey = new Map<string, Copy[]>();
    for (const c of bare ? [...copies, bare] : copies) byKey.set(c.key, [...(byKey.get(c.key) ?? []), c]);
    for (const [key, same] of byKey) out.push({ family: name, key, copies: same });
  }
  return out;
}

export function restatedFigures(model: DocModel): Found[] {
  const out: Found[] = [];
  for (const { family, key, copies } of printedCopies(model)) {
    const hit = copies.length > 1 ? contradiction(copies) : null;
    if (!hit) continue;
    const { odd, kept } = hit;
    out.push(
      finding(
        'content_inconsistency',
        'restated_figure',
        `The ${key} is printed as ${kept.amount.raw} on page ${kept.line.page} but as ${odd.amount.raw} on page ${odd.line.page}: one figure, two copies that disagree.`,
        odd.line,
        STRENGTH['content_inconsistency.restated_figure'],
        { value: odd.amount.raw, expected: kept.amount.raw, figure: family, regions: regions(kept.line, odd.line) },
        [odd.cell],
      ),
    );
  }
  return out;
}

export const restatedFiguresDetector = defineDetector({
  meta: {
    id: 'content/restated-figures',
    description:
      'The same labelled key figure (amount due, closing balance, net pay) printed twice in one document, the copies a digit or two apart: one copy retyped, the other left.',
    appliesTo: ['pdf', 'image'],
    needs: ['textModel'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx) {
    return restatedFigures(ctx.facts.now('textModel'));
  },
});
