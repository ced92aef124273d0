/** Invoices: quantity x unit price per line, subtotal, tax at the issuer's rate, total. */
import { addDays, formatDate, type Ymd } from '../data/dates.js';
import { formatIban, makeBankAccount } from '../data/identifiers.js';
import type { Issuer } from '../data/issuers.js';
import { formatAmount, formatMoney, percentOf } from '../data/money.js';
import type { Rng } from '../util/prng.js';
import { baseFields, identityEdits, newRecipient, pageSizeFor, pickMonth, renderTime } from './common.js';
import type { Cell, DocModel, ModelOptions } from './types.js';

const ITEMS = [
  'Consulting services (hours)',
  'Project management',
  'Printer paper A4, box',
  'Toner cartridge black',
  'Photography session',
  'Graphic design (hours)',
  'Desk chair, ergonomic',
  'Software licence, annual',
  'On-site support visit',
  'Copy editing (pages)',
  'Travel expenses',
  'Stapler, heavy duty',
  'Training workshop (day)',
  'Archive boxes (pack of 10)',
];

export function invoice(rng: Rng, issuer: Issuer, opts: ModelOptions): DocModel {
  const { y, m } = pickMonth(rng);
  const date: Ymd = { y, m, d: rng.int(1, 28) };
  const due = addDays(date, 30);
  const recipient = newRecipient(rng, issuer);
  const country = issuer.country;
  const fmt = (c: number) => formatAmount(c, country);
  const lineCount = opts.pages <= 1 ? rng.int(2, 12) : 20 + (opts.pages - 1) * 40 - rng.int(2, 10);

  const rows: Cell[][] = [];
  let subtotal = 0;
  for (let i = 0; i < lineCount; i++) {
    const qty = rng.int(1, 12);
    const unit = rng.int(250, 48_000);
    const amount = qty * unit;
    subtotal += amount;
    rows.push([{ text: rng.pick(ITEMS) }, { text: String(qty) }, { text: fmt(unit) }, { text: fmt(amount), key: `line.${i}.amount` }]);
  }
  const rate = issuer.taxRate ?? 0;
  const tax = percentOf(subtotal, rate);
  const total = subtotal + tax;
  const customerNo = rng.digits(6);
  const invoiceNo = `INV-${y}-${rng.digits(5)}`;
  const payTo = issuer.bankCode ? makeBankAccount(rng.fork('payee'), issuer.country, issuer.bankCode, issuer.bic ?? '') : null;
  const payment = payTo?.iban
    ? `Please pay to IBAN ${formatIban(payTo.iban)}, BIC ${payTo.bic}, quoting ${invoiceNo}.`
    : `Please pay within 30 days quoting ${invoiceNo}.`;

  const model: DocModel = {
    docType: 'invoice',
    issuer,
    title: 'Invoice',
    recipient: { name: recipient.name, addressLines: recipient.addressLines, nameKey: 'recipient.name', addressKey: 'recipient.address' },
    meta: [
      { label: 'Invoice number', value: invoiceNo },
      { label: 'Invoice date', value: formatDate(date, country), key: 'meta.date' },
      { label: 'Due date', value: formatDate(due, country) },
      { label: 'Account no.', value: customerNo, key: 'meta.account' },
    ],
    blocks: [
      {
        kind: 'table',
        columns: [
          { title: 'Description', align: 'left', width: 0.5 },
          { title: 'Qty', align: 'right', width: 0.1 },
          { title: 'Unit price', align: 'right', width: 0.18 },
          { title: 'Amount', align: 'right', width: 0.22 },
        ],
        rows,
      },
      {
        kind: 'totals',
        rows: [
          { label: 'Subtotal', value: formatMoney(subtotal, issuer.currency, country), key: 'totals.subtotal' },
          { label: `Tax (${rate}%)`, value: formatMoney(tax, issuer.currency, country), key: 'totals.tax' },
          { label: 'Total due', value: formatMoney(total, issuer.currency, country), key: 'totals.total', bold: true },
        ],
      },
      { kind: 'note', text: payment },
    ],
    footer: `${issuer.name} - ${issuer.addressLines.join(', ')}`,
    pageSize: pageSizeFor(issuer),
    documentDate: date,
    createdAt: renderTime(rng, date),
    fields: baseFields({ docType: 'invoice', issuer, documentDate: date }, recipient, customerNo),
    edits: [],
  };
  const lowered = Math.max(100, total - rng.int(5_000, Math.max(5_001, Math.floor(total / 2))));
  model.edits = [
    {
      target: 'amount',
      key: 'totals.total',
      before: formatMoney(total, issuer.currency, country),
      after: formatMoney(lowered, issuer.currency, country),
      breaksArithmetic: true,
      contradicts: false,
      fieldsAfter: {},
    },
    ...identityEdits(rng, issuer, recipient, date, 'meta.date'),
  ];
  return model;
}
