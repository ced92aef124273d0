/** Payslips: earnings add up to gross pay; gross minus deductions is net pay; year to date follows. */
import { formatDate, monthName, type Ymd } from '../data/dates.js';
import type { Issuer } from '../data/issuers.js';
import { formatAmount, formatMoney, percentOf } from '../data/money.js';
import type { Rng } from '../util/prng.js';
import { baseFields, identityEdits, newRecipient, pageSizeFor, pickMonth, renderTime } from './common.js';
import type { Cell, DocModel, ModelOptions } from './types.js';

const TAX_LABELS: Record<string, [string, string]> = {
  GB: ['Income Tax (PAYE)', 'National Insurance'],
  IE: ['PAYE Income Tax', 'PRSI and USC'],
  DE: ['Lohnsteuer', 'Sozialversicherung'],
  US: ['Federal Income Tax', 'Social Security and Medicare'],
};

export function payslip(rng: Rng, issuer: Issuer, _opts: ModelOptions): DocModel {
  const { y, m } = pickMonth(rng);
  const payDate: Ymd = { y, m, d: rng.pick([25, 26, 27, 28]) };
  const recipient = newRecipient(rng, issuer);
  const country = issuer.country;
  const fmt = (c: number) => formatAmount(c, country);

  const basic = Math.round(rng.int(2_400_000, 9_000_000) / 12);
  const hours = rng.chance(0.5) ? rng.int(2, 20) : 0;
  const rate = rng.int(1_800, 4_500);
  const overtime = hours * rate;
  const bonus = rng.chance(0.25) ? rng.int(10_000, 120_000) : 0;
  const gross = basic + overtime + bonus;
  const tax = percentOf(gross, rng.float(14, 26));
  const social = percentOf(gross, rng.float(6, 11));
  const pension = percentOf(gross, 5);
  const deductions = tax + social + pension;
  const net = gross - deductions;
  const [taxLabel, socialLabel] = TAX_LABELS[country] ?? TAX_LABELS.GB;

  const earnings: Cell[][] = [[{ text: 'Basic salary' }, { text: '' }, { text: '' }, { text: fmt(basic), key: 'earn.basic' }]];
  if (overtime) earnings.push([{ text: 'Overtime' }, { text: String(hours) }, { text: fmt(rate) }, { text: fmt(overtime), key: 'earn.overtime' }]);
  if (bonus) earnings.push([{ text: 'Performance bonus' }, { text: '' }, { text: '' }, { text: fmt(bonus), key: 'earn.bonus' }]);
  const deductionRows: Cell[][] = [
    [{ text: taxLabel }, { text: '' }, { text: '' }, { text: fmt(tax), key: 'ded.tax' }],
    [{ text: socialLabel }, { text: '' }, { text: '' }, { text: fmt(social), key: 'ded.social' }],
    [{ text: 'Pension (5%)' }, { text: '' }, { text: '' }, { text: fmt(pension), key: 'ded.pension' }],
  ];
  const columns = [
    { title: 'Description', align: 'left' as const, width: 0.46 },
    { title: 'Units', align: 'right' as const, width: 0.14 },
    { title: 'Rate', align: 'right' as const, width: 0.18 },
    { title: 'Amount', align: 'right' as const, width: 0.22 },
  ];
  const employeeNo = `E${rng.digits(5)}`;

  const model: DocModel = {
    docType: 'payslip',
    issuer,
    title: 'Payslip',
    recipient: { name: recipient.name, addressLines: recipient.addressLines, nameKey: 'recipient.name', addressKey: 'recipient.address' },
    meta: [
      { label: 'Pay date', value: formatDate(payDate, country), key: 'meta.date' },
      { label: 'Pay period', value: `${monthName(m)} ${y}` },
      { label: 'Employee no.', value: employeeNo },
      { label: 'Tax period', value: String(((m + 8) % 12) + 1) },
    ],
    blocks: [
      { kind: 'section', title: 'Earnings' },
      { kind: 'table', columns, rows: earnings },
      { kind: 'totals', rows: [{ label: 'Gross pay', value: formatMoney(gross, issuer.currency, country), key: 'totals.gross' }] },
      { kind: 'section', title: 'Deductions' },
      { kind: 'table', columns, rows: deductionRows },
      {
        kind: 'totals',
        rows: [
          { label: 'Total deductions', value: formatMoney(deductions, issuer.currency, country), key: 'totals.deductions' },
          { label: 'Net pay', value: formatMoney(net, issuer.currency, country), key: 'totals.net', bold: true },
        ],
      },
      { kind: 'note', text: `Paid by bank transfer on ${formatDate(payDate, country)}. Please keep this payslip for your records.` },
    ],
    footer: `${issuer.name}, ${issuer.addressLines.join(', ')}. Confidential.`,
    pageSize: pageSizeFor(issuer),
    documentDate: payDate,
    createdAt: renderTime(rng, { ...payDate, d: payDate.d - 3 }),
    fields: baseFields({ docType: 'payslip', issuer, documentDate: payDate }, recipient, null),
    edits: [],
  };
  const raisedNet = net + rng.int(50_000, 200_000);
  model.edits = [
    {
      target: 'amount',
      key: 'totals.net',
      before: formatMoney(net, issuer.currency, country),
      after: formatMoney(raisedNet, issuer.currency, country),
      breaksArithmetic: true,
      contradicts: false,
      fieldsAfter: {},
    },
    ...identityEdits(rng, issuer, recipient, payDate, 'meta.date'),
  ];
  return model;
}
