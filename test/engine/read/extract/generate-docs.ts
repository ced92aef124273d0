/**
 * Seeded generator of varied financial documents as laid-out text, with the truth that field
 * extraction should return and switches that plant one specific inconsistency. Locales vary
 * currency, number style, date format and address shape; layouts vary column sets.
 */
import type { Extracted } from '../../../../engine/types.js';
import { right, row } from './fixtures.js';

export type Locale = 'uk' | 'us' | 'de' | 'fr';

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

const PEOPLE = ['Jane Doe', 'Michael Okafor', 'Priya Sharma', 'Lukas Becker', 'Sophie Martin', 'David Chen', 'Amelia Hughes', 'Tomás Ortega'];
const TITLES = ['Mr', 'Ms', 'Mrs', 'Dr'];
const ADDRESSES: Record<Locale, Array<[string, string]>> = {
  uk: [
    ['14 Elm Road', 'Bristol BS1 4DJ'],
    ['221 Baker Street', 'London NW1 6XE'],
    ['7 Castle View', 'Leeds LS1 2AB'],
  ],
  us: [
    ['742 Evergreen Terrace', 'Springfield, IL 62704'],
    ['1600 Main Street', 'Austin, TX 78701'],
    ['55 Lake Shore Drive', 'Chicago, IL 60611'],
  ],
  de: [
    ['Hauptstraße 5', '10115 Berlin'],
    ['Lindenweg 12', '80331 München'],
    ['Am Markt 3', '50667 Köln'],
  ],
  fr: [
    ['12 rue des Lilas', '75011 Paris'],
    ['4 avenue Foch', '69006 Lyon'],
    ['8 place du Marché', '33000 Bordeaux'],
  ],
};
const BANKS: Record<Locale, string[]> = {
  uk: ['Northgate Bank plc', 'Albion Building Society', 'Harbour Savings Bank'],
  us: ['First Prairie Bank', 'Keystone Federal Credit Union', 'Summit Trust Bancorp'],
  de: ['Rheinland Sparkasse', 'Nordwest Volksbank', 'Hanse Privatbank AG'],
  fr: ['Banque Lumière SA', 'Crédit Azur SA', 'Banque du Rhône SAS'],
};
const COMPANIES: Record<Locale, string[]> = {
  uk: ['Brightline Consulting Ltd', 'Meridian Logistics Ltd', 'Oakfield Print Limited'],
  us: ['Pinecrest Software LLC', 'Blue Ridge Foods Inc', 'Redwood Analytics Corp'],
  de: ['Acme Werkzeuge GmbH', 'Hansa Maschinenbau GmbH', 'Keller & Sohn KG'],
  fr: ['Studio Lumen SARL', 'Atelier Vauban SAS', 'Boulangerie Marcel SARL'],
};
const CURRENCY: Record<Locale, string> = { uk: 'GBP', us: 'USD', de: 'EUR', fr: 'EUR' };
const SYMBOL: Record<Locale, string> = { uk: '£', us: '$', de: '€', fr: '€' };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const IBANS: Record<Locale, string> = { uk: 'GB29 NWBK 6016 1331 9268 19', us: '', de: 'DE89 3704 0044 0532 0130 00', fr: 'FR14 2004 1010 0505 0001 3M02 606' };

export function money(v: number, loc: Locale): string {
  const neg = v < 0;
  const [i, d] = Math.abs(v).toFixed(2).split('.');
  const sep = loc === 'de' ? '.' : loc === 'fr' ? '\u202f' : ',';
  const grouped = i.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  return (neg ? '-' : '') + grouped + (loc === 'de' || loc === 'fr' ? ',' : '.') + d;
}

export function withSymbol(v: number, loc: Locale): string {
  return loc === 'de' || loc === 'fr' ? `${money(v, loc)} €` : `${SYMBOL[loc]}${money(v, loc)}`;
}

export interface Day {
  y: number;
  m: number;
  d: number;
}

export function iso(t: Day): string {
  return `${t.y}-${String(t.m).padStart(2, '0')}-${String(t.d).padStart(2, '0')}`;
}

export function fmtDate(t: Day, loc: Locale, style: number, withYear = true): string {
  const dd = String(t.d).padStart(2, '0');
  const mm = String(t.m).padStart(2, '0');
  const mon = MONTHS[t.m - 1];
  if (loc === 'us') return style % 2 ? `${mon} ${t.d}${withYear ? `, ${t.y}` : ''}` : `${mm}/${dd}${withYear ? `/${t.y}` : ''}`;
  if (loc === 'de')
    return style % 2
      ? `${dd}.${mm}.${withYear ? t.y : ''}`
      : `${t.d}. ${['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'][t.m - 1]}${withYear ? ` ${t.y}` : ''}`;
  if (loc === 'fr') return `${dd}/${mm}${withYear ? `/${t.y}` : ''}`;
  return style % 2 ? `${dd} ${mon.slice(0, 3)}${withYear ? ` ${t.y}` : ''}` : `${dd}/${mm}${withYear ? `/${t.y}` : ''}`;
}

export interface Generated {
  text: string;
  truth: Extracted;
}

export interface StatementOptions {
  locale: Locale;
  layout: 'split' | 'signed';
  tamper?: 'amount' | 'balance' | 'summary' | 'outside_period' | 'out_of_order' | 'impossible_date' | 'iban' | 'sort_code';
  rows?: number;
}

export function bankStatement(seed: number, o: StatementOptions): Generated {
  const r = rng(seed);
  const loc = o.locale;
  const bank = pick(r, BANKS[loc]);
  const person = pick(r, PEOPLE);
  const title = pick(r, TITLES);
  const [street, city] = pick(r, ADDRESSES[loc]);
  const month = 1 + Math.floor(r() * 11);
  const year = 2023 + Math.floor(r() * 2);
  const end: Day = { y: year, m: month, d: [31, year % 4 ? 28 : 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] };
  const start: Day = { y: year, m: month, d: 1 };
  const style = Math.floor(r() * 4);
  const n = o.rows ?? 6 + Math.floor(r() * 5);
  const headers = loc === 'us' ? ['Withdrawals', 'Deposits'] : loc === 'uk' ? ['Paid out', 'Paid in'] : ['Debit', 'Credit'];
  const lines: string[] = [];
  lines.push(row([0, bank], right(96, 'Account Statement')));
  lines.push(row(right(96, `Statement date: ${fmtDate(end, loc, style)}`)));
  lines.push('');
  lines.push(
    row(
      [0, `${title} ${person}`],
      [
        56,
        loc === 'uk' ? `Sort code: ${o.tamper === 'sort_code' ? '20-45-7' : '20-45-77'}` : loc === 'us' ? 'Routing number: 011000015' : `IBAN: ${IBANS[loc]}`,
      ],
    ),
  );
  lines.push(row([0, street], [56, `Account number: ${10000000 + Math.floor(r() * 89999999)}`]));
  lines.push(row([0, city]));
  lines.push('');
  lines.push(`Statement period: ${fmtDate(start, loc, style)} to ${fmtDate(end, loc, style)}`);
  lines.push('');
  lines.push(
    o.layout === 'split'
      ? row([0, 'Date'], [12, 'Description'], right(66, headers[0]), right(80, headers[1]), right(96, 'Balance'))
      : row([0, 'Date'], [12, 'Description'], right(74, 'Amount'), right(96, 'Balance')),
  );
  let balance = (Math.round(500 + r() * 3000) * 100) / 100;
  const opening = balance;
  lines.push(row([0, fmtDate(start, loc, style, false)], [12, 'Balance brought forward'], right(96, money(balance, loc))));
  let moneyIn = 0;
  let moneyOut = 0;
  const shops = ['TESCO STORES', 'SALARY ACME', 'AMAZON MKTPLACE', 'RENT PAYMENT', 'SHELL FUEL', 'CITY COUNCIL', 'TRANSFER SAVINGS', 'COFFEE HOUSE'];
  const tamperAt = 2 + Math.floor(r() * (n - 3));
  let day = 1;
  for (let i = 0; i < n; i++) {
    day = Math.min(end.d, day + 1 + Math.floor(r() * 3));
    const credit = r() < 0.3;
    const amount = Math.round((credit ? 200 + r() * 1500 : 5 + r() * 200) * 100) / 100;
    balance = Math.round((balance + (credit ? amount : -amount)) * 100) / 100;
    if (credit) moneyIn += amount;
    else moneyOut += amount;
    let printedAmount = amount;
    let printedBalance = balance;
    let date: Day = { y: year, m: month, d: day };
    let dateText: string | null = null;
    if (i === tamperAt) {
      if (o.tamper === 'amount') printedAmount = Math.round((amount + 100) * 100) / 100;
      if (o.tamper === 'balance') printedBalance = Math.round((balance + 250) * 100) / 100;
      if (o.tamper === 'outside_period') date = { y: month === 1 ? year - 1 : year, m: month === 1 ? 12 : month - 1, d: 10 };
      if (o.tamper === 'out_of_order') date = { y: year, m: month, d: 1 };
      if (o.tamper === 'impossible_date') dateText = fmtDate({ y: year, m: 4, d: 31 }, loc, 0);
    }
    const dt = dateText ?? (o.tamper === 'outside_period' && i === tamperAt ? fmtDate(date, loc, style) : fmtDate(date, loc, style, false));
    const desc = pick(r, shops);
    if (o.layout === 'split') lines.push(row([0, dt], [12, desc], right(credit ? 80 : 66, money(printedAmount, loc)), right(96, money(printedBalance, loc))));
    else lines.push(row([0, dt], [12, desc], right(74, money(credit ? printedAmount : -printedAmount, loc)), right(96, money(printedBalance, loc))));
  }
  lines.push('');
  const closing = o.tamper === 'summary' ? balance + 1000 : balance;
  const cur = (v: number) => withSymbol(v, loc);
  lines.push(row([0, 'Opening balance'], right(40, cur(opening))));
  lines.push(row([0, 'Money in'], right(40, cur(moneyIn))));
  lines.push(row([0, 'Money out'], right(40, cur(moneyOut))));
  lines.push(row([0, 'Closing balance'], right(40, cur(closing))));
  if (o.tamper === 'iban') lines.push(`Pay by transfer to IBAN: GB29 NWBK 6016 1331 9268 18`);
  const account = lines.find((l) => l.includes('Account number'))!.match(/Account number: (\d+)/)![1];
  return {
    text: lines.join('\n'),
    truth: {
      doc_type: 'bank_statement',
      issuer: bank,
      name: person,
      address: `${street}, ${city}`,
      document_date: iso(end),
      account_number: loc === 'uk' || loc === 'us' ? account : IBANS[loc].replace(/\s/g, ''),
      currency: CURRENCY[loc],
    },
  };
}

export interface InvoiceOptions {
  locale: Locale;
  tamper?: 'line_item' | 'total' | 'tax_rate' | 'due_before_issue' | 'future' | 'iban';
}

export function invoice(seed: number, o: InvoiceOptions): Generated {
  const r = rng(seed);
  const loc = o.locale;
  const seller = pick(r, COMPANIES[loc]);
  const [sStreet, sCity] = pick(r, ADDRESSES[loc]);
  const person = pick(r, PEOPLE);
  const [street, city] = pick(
    r,
    ADDRESSES[loc].filter((a) => a[0] !== sStreet),
  );
  const date: Day = { y: 2024, m: 1 + Math.floor(r() * 12), d: 1 + Math.floor(r() * 28) };
  const issued = o.tamper === 'future' ? { ...date, y: 2026 } : date;
  const due: Day =
    o.tamper === 'due_before_issue' ? { ...date, y: date.y - 1 } : { ...date, m: date.m === 12 ? 1 : date.m + 1, y: date.m === 12 ? date.y + 1 : date.y };
  const style = Math.floor(r() * 4);
  const rate = loc === 'uk' ? 20 : loc === 'de' ? 19 : loc === 'fr' ? 20 : 8;
  const taxWord = loc === 'us' ? 'Sales tax' : 'VAT';
  const lines: string[] = [];
  lines.push(row([0, seller], right(96, 'INVOICE')));
  lines.push(row([0, sStreet], [60, `Invoice number: INV-${1000 + Math.floor(r() * 9000)}`]));
  lines.push(row([0, sCity], [60, `Invoice date: ${fmtDate(issued, loc, style)}`]));
  lines.push(row([60, `Due date: ${fmtDate(due, loc, style)}`]));
  lines.push('');
  lines.push('Bill to:');
  lines.push(person);
  lines.push(street);
  lines.push(city);
  lines.push('');
  lines.push(row([0, 'Description'], right(60, 'Qty'), right(78, 'Unit price'), right(96, 'Amount')));
  const items = ['Consulting services', 'Software licence', 'Support hours', 'Printed brochures', 'Delivery setup', 'Training session'];
  const n = 2 + Math.floor(r() * 4);
  let subtotal = 0;
  const tamperAt = Math.floor(r() * n);
  for (let i = 0; i < n; i++) {
    const qty = 1 + Math.floor(r() * 9);
    const unit = Math.round((10 + r() * 300) * 100) / 100;
    const total = Math.round(qty * unit * 100) / 100;
    subtotal += total;
    const printed = o.tamper === 'line_item' && i === tamperAt ? total + 50 : total;
    lines.push(row([0, items[i % items.length]], right(60, String(qty)), right(78, money(unit, loc)), right(96, money(printed, loc))));
  }
  subtotal = Math.round(subtotal * 100) / 100;
  const tax = Math.round(subtotal * rate) / 100;
  const printedTax = o.tamper === 'tax_rate' ? Math.round(tax * 1.5 * 100) / 100 : tax;
  const total = Math.round((subtotal + printedTax) * 100) / 100;
  lines.push('');
  lines.push(row([60, 'Subtotal'], right(96, withSymbol(subtotal, loc))));
  lines.push(row([60, `${taxWord} ${rate}%`], right(96, withSymbol(printedTax, loc))));
  lines.push(row([60, 'Total'], right(96, withSymbol(o.tamper === 'total' ? total + 100 : total, loc))));
  lines.push('');
  const iban = loc === 'us' ? '' : IBANS[loc];
  if (iban) lines.push(`Please pay to IBAN: ${o.tamper === 'iban' ? iban.slice(0, -1) + String((Number(iban.slice(-1)) + 1) % 10) : iban}`);
  return {
    text: lines.join('\n'),
    truth: {
      doc_type: 'invoice',
      issuer: seller,
      name: person,
      address: `${street}, ${city}`,
      document_date: iso(issued),
      account_number: iban ? iban.replace(/\s/g, '') : null,
      currency: CURRENCY[loc],
    },
  };
}

export interface PayslipOptions {
  locale: Exclude<Locale, 'fr'>;
  tamper?: 'net' | 'ytd' | 'pay_before_period';
}

export function payslip(seed: number, o: PayslipOptions): Generated {
  const r = rng(seed);
  const loc = o.locale;
  const employer = pick(r, COMPANIES[loc]);
  const person = pick(r, PEOPLE);
  const [street, city] = pick(r, ADDRESSES[loc]);
  const m = 2 + Math.floor(r() * 10);
  const start: Day = { y: 2024, m, d: 1 };
  const end: Day = { y: 2024, m, d: 28 };
  const pay: Day = o.tamper === 'pay_before_period' ? { y: 2024, m: m - 1, d: 20 } : { y: 2024, m, d: 28 };
  const style = Math.floor(r() * 4);
  const gross = Math.round((1800 + r() * 3000) * 100) / 100;
  const tax = Math.round(gross * 0.18 * 100) / 100;
  const ni = Math.round(gross * 0.08 * 100) / 100;
  const deductions = Math.round((tax + ni) * 100) / 100;
  const net = Math.round((gross - deductions) * 100) / 100;
  const months = m;
  const ytd = (v: number) => Math.round(v * months * 100) / 100;
  const lines: string[] = [];
  lines.push(row([0, employer], right(96, 'PAYSLIP')));
  lines.push(row([0, `Employee: ${person}`], [56, `Pay date: ${fmtDate(pay, loc, style)}`]));
  lines.push(row([0, street], [56, `Pay period: ${fmtDate(start, loc, style)} - ${fmtDate(end, loc, style)}`]));
  lines.push(row([0, city], [56, loc === 'uk' ? 'NI number: QQ123456C' : 'Employee ID: 48213']));
  lines.push('');
  lines.push(row([0, 'Payments'], right(60, 'This period'), right(80, 'Year to date')));
  lines.push(row([0, 'Basic salary'], right(60, money(gross, loc)), right(80, money(ytd(gross), loc))));
  lines.push(row([0, 'Gross pay'], right(60, money(gross, loc)), right(80, money(o.tamper === 'ytd' ? gross - 100 : ytd(gross), loc))));
  lines.push(row([0, 'Income tax'], right(60, money(tax, loc)), right(80, money(ytd(tax), loc))));
  lines.push(row([0, loc === 'uk' ? 'National Insurance' : 'Social security'], right(60, money(ni, loc)), right(80, money(ytd(ni), loc))));
  lines.push(row([0, 'Total deductions'], right(60, money(deductions, loc)), right(80, money(ytd(deductions), loc))));
  lines.push(row([0, 'Net pay'], right(60, withSymbol(o.tamper === 'net' ? net + 200 : net, loc)), right(80, money(ytd(net), loc))));
  return {
    text: lines.join('\n'),
    truth: {
      doc_type: 'payslip',
      issuer: employer,
      name: person,
      address: `${street}, ${city}`,
      document_date: iso(pay),
      account_number: null,
      currency: CURRENCY[loc],
    },
  };
}

export function receipt(seed: number, o: { locale: Locale; tamper?: 'change' | 'total' }): Generated {
  const r = rng(seed);
  const loc = o.locale;
  const store = pick(r, COMPANIES[loc]);
  const [street, city] = pick(r, ADDRESSES[loc]);
  const date: Day = { y: 2025, m: 1 + Math.floor(r() * 4), d: 1 + Math.floor(r() * 28) };
  const lines: string[] = [store, street, city, '', 'RECEIPT', `Date: ${fmtDate(date, loc, 1)}   12:41`, ''];
  let total = 0;
  for (const item of ['Milk 2L', 'Bread', 'Coffee beans', 'Apples'].slice(0, 2 + Math.floor(r() * 3))) {
    const p = Math.round((1 + r() * 12) * 100) / 100;
    total += p;
    lines.push(row([0, item], right(40, money(p, loc))));
  }
  total = Math.round(total * 100) / 100;
  const cash = Math.ceil(total / 10) * 10 + 10;
  lines.push(row([0, 'TOTAL'], right(40, withSymbol(total, loc))));
  lines.push(row([0, 'CASH'], right(40, money(cash, loc))));
  lines.push(row([0, 'CHANGE'], right(40, money(o.tamper === 'change' ? cash - total + 5 : cash - total, loc))));
  lines.push('', 'Thank you for shopping with us');
  return {
    text: lines.join('\n'),
    truth: { doc_type: 'receipt', issuer: store, name: null, address: null, document_date: iso(date), account_number: null, currency: CURRENCY[loc] },
  };
}
