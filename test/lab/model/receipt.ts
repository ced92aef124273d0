/** Till receipts: narrow roll, items, subtotal, tax, total, tendered and change. */
import { formatDate, type Ymd } from '../data/dates.js';
import type { Issuer } from '../data/issuers.js';
import { formatAmount, formatMoney, percentOf } from '../data/money.js';
import type { Rng } from '../util/prng.js';
import { baseFields, pickMonth, renderTime } from './common.js';
import type { Cell, DocModel, ModelOptions } from './types.js';

const GOODS = [
  'Sourdough loaf',
  'Oat milk 1L',
  'Flat white',
  'Free-range eggs x6',
  'Cheddar 200g',
  'Croissant',
  'Apples 1kg',
  'Coffee beans 250g',
  'Sparkling water',
  'Olive oil 500ml',
  'Tomatoes',
  'Cold brew',
  'Granola',
  'Butter 250g',
];

export function receipt(rng: Rng, issuer: Issuer, _opts: ModelOptions): DocModel {
  const { y, m } = pickMonth(rng);
  const date: Ymd = { y, m, d: rng.int(1, 28) };
  const country = issuer.country;
  const money = (c: number) => formatMoney(c, issuer.currency, country);
  const count = rng.int(2, 9);
  const rows: Cell[][] = [];
  let subtotal = 0;
  for (let i = 0; i < count; i++) {
    const qty = rng.int(1, 3);
    const price = rng.int(90, 1_450);
    subtotal += qty * price;
    rows.push([{ text: `${qty} x ${rng.pick(GOODS)}` }, { text: formatAmount(qty * price, country), key: `item.${i}` }]);
  }
  // US shops add sales tax; European tills show the VAT already included.
  const addsTax = issuer.country === 'US';
  const rate = issuer.taxRate ?? 0;
  const tax = addsTax ? percentOf(subtotal, rate) : subtotal - Math.round(subtotal / (1 + rate / 100));
  const total = addsTax ? subtotal + tax : subtotal;
  const cash = rng.chance(0.3);
  const tendered = cash ? Math.ceil(total / 500) * 500 : total;
  const time = `${String(rng.int(7, 20)).padStart(2, '0')}:${String(rng.int(0, 59)).padStart(2, '0')}`;

  const totals = [
    { label: 'Subtotal', value: money(subtotal), key: 'totals.subtotal' },
    { label: addsTax ? `Sales tax ${rate}%` : `incl. VAT ${rate}%`, value: money(tax), key: 'totals.tax' },
    { label: 'TOTAL', value: money(total), key: 'totals.total', bold: true },
    { label: cash ? 'Cash' : `Card ****${rng.digits(4)}`, value: money(tendered), key: 'totals.tendered' },
  ];
  if (cash) totals.push({ label: 'Change', value: money(tendered - total), key: 'totals.change' });

  const model: DocModel = {
    docType: 'receipt',
    issuer,
    title: 'Receipt',
    recipient: null,
    meta: [
      { label: 'Date', value: `${formatDate(date, country)} ${time}`, key: 'meta.date' },
      { label: 'Till', value: `${rng.int(1, 6)} / Txn ${rng.digits(6)}` },
    ],
    blocks: [
      {
        kind: 'table',
        columns: [
          { title: 'Item', align: 'left', width: 0.68 },
          { title: issuer.currency, align: 'right', width: 0.32 },
        ],
        rows,
      },
      { kind: 'totals', rows: totals },
      { kind: 'note', text: 'Thank you for shopping with us!' },
    ],
    footer: issuer.addressLines.join(', '),
    // The layout grows the roll to fit; this is the shortest slip the till prints.
    pageSize: { width: 226.77, height: 200 },
    documentDate: date,
    createdAt: renderTime(rng, date),
    fields: baseFields({ docType: 'receipt', issuer, documentDate: date }, null, null),
    edits: [],
  };
  const lowered = Math.max(50, total - rng.int(100, Math.max(101, Math.floor(total / 2))));
  const newDate = { ...date, y: date.y + 1 };
  model.edits = [
    { target: 'amount', key: 'totals.total', before: money(total), after: money(lowered), breaksArithmetic: true, contradicts: false, fieldsAfter: {} },
    {
      target: 'date',
      key: 'meta.date',
      before: `${formatDate(date, country)} ${time}`,
      after: `${formatDate(newDate, country)} ${time}`,
      breaksArithmetic: false,
      contradicts: false,
      fieldsAfter: { document_date: `${newDate.y}-${String(newDate.m).padStart(2, '0')}-${String(newDate.d).padStart(2, '0')}` },
    },
  ];
  return model;
}
