/** Field extraction on layouts seen in printed statements, invoices and receipts. */
import { describe, expect, it } from 'vitest';
import { contextOf, right, row } from './fixtures.js';

const fields = (text: string) => contextOf(text).extracted;

describe('account number', () => {
  const invoice = (accountLine: boolean) =>
    [
      row([0, 'Atelier Lumen SARL'], right(96, 'Invoice')),
      row([0, 'Noor Moreno'], [50, 'Invoice date'], right(96, '12/02/2024')),
      ...(accountLine ? [row([50, 'Account no.'], right(96, '653352'))] : []),
      row([0, 'Description'], [50, 'Qty'], right(96, 'Amount')),
      row([0, 'Toner cartridge'], [50, '4'], right(96, '541,16')),
      'Please pay to IBAN DE97 3704 0044 3219 8542 41, BIC RHWKDEFF, quoting INV-2024-68874.',
    ].join('\n');
  it("prefers the customer's labelled account number to the issuer's where-to-pay IBAN", () => {
    expect(fields(invoice(true)).account_number).toBe('653352');
  });
  it('uses the where-to-pay IBAN when the document names no other account', () => {
    expect(fields(invoice(false)).account_number).toBe('DE97370400443219854241');
  });
});

describe('addressee blocks', () => {
  const statement = (postcode: string) =>
    [
      row([0, 'Northmoor Building Society'], right(96, 'Account Statement')),
      '',
      row([0, 'Daniel Schneider'], [50, 'Statement date'], right(96, '30 Sep 2024')),
      row([0, '83 Elm Grove'], [50, 'Account number'], right(96, '23811011')),
      row([0, 'York'], [50, 'Sort code'], right(96, '22-41-55')),
      row([0, postcode]),
    ].join('\n');
  it('a UK postcode ending in PL is a postcode, not "Place"', () => {
    const ex = fields(statement('YO19 1PL'));
    expect(ex.name).toBe('Daniel Schneider');
    expect(ex.address).toBe('83 Elm Grove, York, YO19 1PL');
  });
  it('an Irish Eircode closes an address block', () => {
    expect(fields(statement('T12 R623').replace(/York(?= {2})/, 'Cork')).address).toBe('83 Elm Grove, Cork, T12 R623');
  });
});

describe('document date', () => {
  it('reads a receipt date printed at the far right of its label', () => {
    const text = [
      'Bluebird Coffee Roasters',
      '1201 SE Division St',
      'Portland, OR 97202',
      'RECEIPT',
      row([0, 'Date'], right(100, '04/01/2025 13:43')),
      row([0, '3 x Tomatoes'], right(100, '41.34')),
      row([0, 'TOTAL'], right(100, '$41.34')),
    ].join('\n');
    expect(fields(text).document_date).toBe('2025-04-01');
  });
});
