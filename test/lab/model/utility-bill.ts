/** Utility bills: metered units x rate, standing charge, tax, and the balance carried over. */
import { addDays, daysInMonth, formatDate, type Ymd } from '../data/dates.js';
import type { Issuer } from '../data/issuers.js';
import { formatAmount, formatMoney, percentOf } from '../data/money.js';
import type { Rng } from '../util/prng.js';
import { baseFields, identityEdits, newRecipient, pageSizeFor, pickMonth, renderTime } from './common.js';
import type { DocModel, ModelOptions } from './types.js';

export function utilityBill(rng: Rng, issuer: Issuer, _opts: ModelOptions): DocModel {
  const { y, m } = pickMonth(rng);
  const periodStart: Ymd = { y, m, d: 1 };
  const days = daysInMonth(y, m);
  const periodEnd: Ymd = { y, m, d: days };
  const billDate = addDays(periodEnd, rng.int(2, 6));
  const recipient = newRecipient(rng, issuer);
  const country = issuer.country;
  const fmt = (c: number) => formatAmount(c, country);
  const money = (c: number) => formatMoney(c, issuer.currency, country);

  const previousReading = rng.int(10_000, 90_000);
  const units = rng.int(120, 900);
  const unitRate = rng.int(18, 34); // cents per kWh
  const energy = units * unitRate;
  const standingRate = rng.int(40, 60);
  const standing = days * standingRate;
  const charges = energy + standing;
  const tax = percentOf(charges, issuer.taxRate ?? 0);
  const totalCharges = charges + tax;
  const previousBalance = rng.int(3_000, 25_000);
  const payment = rng.chance(0.8) ? previousBalance : rng.int(0, previousBalance);
  const due = previousBalance - payment + totalCharges;
  const accountNo = rng.digits(10);

  const model: DocModel = {
    docType: 'utility_bill',
    issuer,
    title: 'Electricity Bill',
    recipient: { name: recipient.name, addressLines: recipient.addressLines, nameKey: 'recipient.name', addressKey: 'recipient.address' },
    meta: [
      { label: 'Bill date', value: formatDate(billDate, country), key: 'meta.date' },
      { label: 'Account number', value: accountNo, key: 'meta.account' },
      { label: 'Billing period', value: `${formatDate(periodStart, country)} - ${formatDate(periodEnd, country)}` },
      { label: 'Meter', value: `E${rng.digits(8)}` },
    ],
    blocks: [
      { kind: 'section', title: 'Your account' },
      {
        kind: 'totals',
        rows: [
          { label: 'Previous balance', value: money(previousBalance), key: 'acct.previous' },
          { label: 'Payment received, thank you', value: money(-payment), key: 'acct.payment' },
        ],
      },
      { kind: 'section', title: 'Charges this period' },
      {
        kind: 'table',
        columns: [
          { title: 'Item', align: 'left', width: 0.46 },
          { title: 'Quantity', align: 'right', width: 0.18 },
          { title: 'Rate', align: 'right', width: 0.16 },
          { title: 'Amount', align: 'right', width: 0.2 },
        ],
        rows: [
          [
            { text: `Meter readings ${previousReading} to ${previousReading + units}` },
            { text: `${units} kWh` },
            { text: fmt(unitRate) },
            { text: fmt(energy), key: 'charge.energy' },
          ],
          [{ text: 'Standing charge' }, { text: `${days} days` }, { text: fmt(standingRate) }, { text: fmt(standing), key: 'charge.standing' }],
        ],
      },
      {
        kind: 'totals',
        rows: [
          { label: `Tax (${issuer.taxRate ?? 0}%)`, value: money(tax), key: 'totals.tax' },
          { label: 'Total charges', value: money(totalCharges), key: 'totals.charges' },
          { label: 'Amount due', value: money(due), key: 'totals.due', bold: true },
        ],
      },
      {
        kind: 'note',
        text: `Rates are in ${issuer.currency === 'GBP' ? 'pence' : 'cents'}. Supply address as above. The amount due will be collected by direct debit.`,
      },
    ],
    footer: `${issuer.name}, ${issuer.addressLines.join(', ')}. Emergency line open 24 hours.`,
    pageSize: pageSizeFor(issuer),
    documentDate: billDate,
    createdAt: renderTime(rng, billDate),
    fields: baseFields({ docType: 'utility_bill', issuer, documentDate: billDate }, recipient, accountNo),
    edits: [],
  };
  model.edits = [
    {
      target: 'amount',
      key: 'totals.due',
      before: money(due),
      after: money(Math.max(0, due - rng.int(1_000, 9_000))),
      breaksArithmetic: true,
      contradicts: false,
      fieldsAfter: {},
    },
    ...identityEdits(rng, issuer, recipient, billDate, 'meta.date'),
  ];
  return model;
}
