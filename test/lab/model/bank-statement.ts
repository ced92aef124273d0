/** Bank statements: opening balance, dated transactions with a running balance, closing balance. */
import { formatDate, monthName, type Ymd } from '../data/dates.js';
import { formatIban, makeBankAccount } from '../data/identifiers.js';
import type { Issuer } from '../data/issuers.js';
import { formatAmount, formatMoney } from '../data/money.js';
import type { Rng } from '../util/prng.js';
import { baseFields, identityEdits, lastDay, newRecipient, pageSizeFor, pickMonth, renderTime } from './common.js';
import type { Cell, DocModel, EditTarget, KeyValue, ModelOptions } from './types.js';

const DEBITS = [
  'CARD PAYMENT TO GREENLEAF GROCERS',
  'DIRECT DEBIT CITY COUNCIL TAX',
  'CARD PAYMENT TO RAILWAY TICKETS',
  'STANDING ORDER RENT',
  'ATM WITHDRAWAL',
  'DIRECT DEBIT MOBILE PLAN',
  'CARD PAYMENT TO PETROL STATION',
  'ONLINE PAYMENT GYM MEMBERSHIP',
  'CARD PAYMENT TO BOOKSHOP',
  'DIRECT DEBIT HOME INSURANCE',
  'CARD PAYMENT TO PHARMACY',
  'CONTACTLESS CAFE',
];
const CREDITS = ['TRANSFER FROM SAVINGS', 'REFUND ONLINE STORE', 'FASTER PAYMENT RECEIVED', 'INTEREST PAID'];

interface Txn {
  date: Ymd;
  description: string;
  out: number;
  in: number;
  balance: number;
}

/** Rows per page the layout fits: the first page carries the header. */
function transactionCount(rng: Rng, pages: number): number {
  if (pages <= 1) return rng.int(8, 20);
  return 22 + (pages - 1) * 40 - rng.int(2, 12);
}

export function bankStatement(rng: Rng, issuer: Issuer, opts: ModelOptions): DocModel {
  const { y, m } = pickMonth(rng);
  const statementDate = lastDay(y, m);
  const recipient = newRecipient(rng, issuer);
  const account = makeBankAccount(rng, issuer.country, issuer.bankCode ?? '', issuer.bic ?? '');
  const employer = rng.pick(['BRIGHTWELL LOGISTICS', 'QUAYMARK ENGINEERING', 'ARDENT HEALTH', 'KESTREL SOFTWARE', 'CITY HOSPITAL TRUST']);
  const country = issuer.country;

  const count = transactionCount(rng, opts.pages);
  const days = Array.from({ length: count }, () => rng.int(1, statementDate.d)).sort((a, b) => a - b);
  const salaryIndex = Math.min(count - 1, Math.floor(count * rng.float(0.2, 0.6)));
  let balance = rng.int(20_000, 900_000);
  const opening = balance;
  const txns: Txn[] = [];
  days.forEach((d, i) => {
    let out = 0;
    let inc = 0;
    let description: string;
    if (i === salaryIndex) {
      inc = rng.int(180_000, 520_000);
      description = `SALARY ${employer}`;
    } else if (rng.chance(0.12)) {
      inc = rng.int(500, 60_000);
      description = rng.pick(CREDITS);
    } else {
      out = Math.min(rng.int(150, 45_000), Math.max(150, balance - 1_000));
      description = rng.pick(DEBITS);
    }
    balance += inc - out;
    txns.push({ date: { y, m, d }, description, out, in: inc, balance });
  });

  const rows: Cell[][] = txns.map((t, i) => [
    { text: formatDate(t.date, country) },
    { text: t.description },
    { text: t.out ? formatAmount(t.out, country) : '', key: `txn.${i}.out` },
    { text: t.in ? formatAmount(t.in, country) : '', key: `txn.${i}.in` },
    { text: formatAmount(t.balance, country), key: `txn.${i}.balance` },
  ]);
  const totalIn = txns.reduce((s, t) => s + t.in, 0);
  const totalOut = txns.reduce((s, t) => s + t.out, 0);

  const meta: KeyValue[] = [
    { label: 'Statement date', value: formatDate(statementDate, country), key: 'meta.date' },
    { label: 'Period', value: `1 - ${statementDate.d} ${monthName(m)} ${y}` },
  ];
  let accountNumber: string;
  if (account.routing) {
    meta.push({ label: 'Account number', value: account.accountNumber, key: 'meta.account' }, { label: 'Routing number', value: account.routing });
    accountNumber = account.accountNumber;
  } else if (account.sortCode) {
    meta.push(
      { label: 'Account number', value: account.accountNumber, key: 'meta.account' },
      { label: 'Sort code', value: account.sortCode },
      { label: 'IBAN', value: formatIban(account.iban!) },
      { label: 'BIC', value: account.bic! },
    );
    accountNumber = account.accountNumber;
  } else {
    meta.push({ label: 'IBAN', value: formatIban(account.iban!), key: 'meta.account' }, { label: 'BIC', value: account.bic! });
    accountNumber = account.iban!;
  }

  const model: DocModel = {
    docType: 'bank_statement',
    issuer,
    title: 'Account Statement',
    recipient: { name: recipient.name, addressLines: recipient.addressLines, nameKey: 'recipient.name', addressKey: 'recipient.address' },
    meta,
    blocks: [
      { kind: 'totals', rows: [{ label: 'Opening balance', value: formatMoney(opening, issuer.currency, country), key: 'totals.opening' }] },
      {
        kind: 'table',
        columns: [
          { title: 'Date', align: 'left', width: 0.15 },
          { title: 'Description', align: 'left', width: 0.43 },
          { title: 'Paid out', align: 'right', width: 0.14 },
          { title: 'Paid in', align: 'right', width: 0.14 },
          { title: 'Balance', align: 'right', width: 0.14 },
        ],
        rows,
      },
      {
        kind: 'totals',
        rows: [
          { label: 'Total paid in', value: formatMoney(totalIn, issuer.currency, country), key: 'totals.in' },
          { label: 'Total paid out', value: formatMoney(totalOut, issuer.currency, country), key: 'totals.out' },
          { label: 'Closing balance', value: formatMoney(balance, issuer.currency, country), key: 'totals.closing', bold: true },
        ],
      },
    ],
    footer: `${issuer.name}. Registered office: ${issuer.addressLines.join(', ')}.`,
    pageSize: pageSizeFor(issuer),
    documentDate: statementDate,
    createdAt: renderTime(rng, statementDate),
    fields: baseFields({ docType: 'bank_statement', issuer, documentDate: statementDate }, recipient, accountNumber),
    // Where both are printed, the IBAN names the same account as the domestic number.
    fieldAlternatives: account.sortCode ? { account_number: [account.iban!] } : undefined,
    edits: [],
  };

  // The classic edit: inflate the salary so that income looks higher; balances no longer follow.
  const salary = txns[salaryIndex];
  const inflated = salary.in + rng.int(80_000, 250_000);
  const amountEdit: EditTarget = {
    target: 'amount',
    key: `txn.${salaryIndex}.in`,
    before: formatAmount(salary.in, country),
    after: formatAmount(inflated, country),
    breaksArithmetic: true,
    contradicts: false,
    fieldsAfter: {},
  };
  model.edits = [amountEdit, ...identityEdits(rng, issuer, recipient, statementDate, 'meta.date')];
  return model;
}
