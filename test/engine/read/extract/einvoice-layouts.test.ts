/**
 * Layouts of real e-invoices (issue 30 item 4, measured by eval-extract-einvoice): the party
 * cards of an e-invoice viewer, the payee's bank details on an invoice, and the invoice's own
 * date among other dates ("vom" on a template's version line, a referenced invoice's date).
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../engine/read/extract/index.js';
import { layoutPage, right, row } from './fixtures.js';

function extract(lines: string[]) {
  const text = lines.join('\n');
  return extractFields([layoutPage(text)], text);
}

const body = [row([0, 'Description'], right(96, 'Amount')), row([0, 'Consulting'], right(96, '473,00')), row([0, 'Total'], right(96, '473,00 €'))];

describe('e-invoice party cards and payee details', () => {
  it('a customer heading over Name:/Anschrift: fields: the organisation and its address, not the seller card above', () => {
    const ex = extract([
      row([2, 'Stylesheet-Version:'], [70, '2.5 vom 10.01.2023']),
      'Handelsrechnung (380) Nr. 471102 vom 15.11.2024',
      '',
      row([2, 'Verkäufer']),
      row([2, 'Name:'], [70, 'Lieferant GmbH']),
      row([2, 'Anschrift:'], [70, 'Lieferantenstraße 20']),
      row([70, '80333 München']),
      '',
      row([2, 'Käufer/Leistungsempfänger']),
      row([2, 'Nummer:'], [70, 'GE2020211']),
      row([2, 'Name:'], [70, 'Kunden AG Mitte']),
      row([2, 'Anschrift:'], [70, 'Kundenstraße 15']),
      row([70, '69876 Frankfurt']),
      '',
      ...body,
    ]);
    expect(ex.name).toBe('Kunden AG Mitte');
    expect(ex.address).toBe('Kundenstraße 15, 69876 Frankfurt');
    expect(ex.issuer).toBe('Lieferant GmbH');
    // The invoice's "vom" date, not the viewer's version stamp above it.
    expect(ex.document_date).toBe('2024-11-15');
  });

  const withBank = (title: string) => [
    row([60, 'Bei Spiel GmbH']),
    row([60, 'Ecke 12']),
    row([60, '12345 Stadthausen']),
    '',
    'Theodor Est',
    'Bahnstr. 42',
    '88802 Spielkreis',
    '',
    title,
    ...body,
    '',
    row([2, 'Bank: Sparkasse Stadthausen'], [60, 'IBAN: DE88200800000970375700']),
    row([2, 'BIC: DRESDEFF'], [60, 'Account holder: Max Mustermann']),
  ];

  it("an invoice's account holder is the payee: the window block is the customer", () => {
    const ex = extract(withBank('Invoice # RE-20200620/508 issued at 2020-06-20'));
    expect(ex.name).toBe('Theodor Est');
    expect(ex.address).toBe('Bahnstr. 42, 88802 Spielkreis');
  });

  it("a statement's account holder is still its customer", () => {
    const ex = extract(withBank('Account statement 3/2020 issued at 2020-06-20'));
    expect(ex.doc_type).toBe('bank_statement');
    expect(ex.name).toBe('Max Mustermann');
  });
});

describe('letterhead register lines', () => {
  const letter = (recipient: string[]) => [
    row([50, 'Alpha Leasing GmbH']),
    row([50, 'Lindwurmstraße 2, 80786 München']),
    row([50, 'Geschäftsführer: Uwe Hildinger (Vors.),']),
    row([50, 'Martin Stremplat']),
    row([50, 'Sitz der Gesellschaft: München, HRB 181098']),
    row([50, 'USt-IdNr. DE238574172']),
    '',
    '',
    row([10, recipient[0]], [70, 'Rechnungsnummer:'], [90, '2015738820']),
    row([10, recipient[1]], [70, 'München, den'], [90, '01.11.2024']),
    ...recipient.slice(2).map((r) => row([10, r])),
    '',
    'Rechnung',
    ...body,
  ];

  it('the registered office and managing directors are not an addressee; an organisation with an attention line is', () => {
    const ex = extract(letter(['Muster GmbH', 'z. Hd. Herr Mustermann', 'Musterweg 1', '60325 Frankfurt am Main']));
    expect(ex.issuer).toBe('Alpha Leasing GmbH');
    expect(ex.name).toBe('Muster GmbH');
    expect(ex.address).toBe('Musterweg 1, 60325 Frankfurt am Main');
    // The letter's dateline ("München, den 01.11.2024").
    expect(ex.document_date).toBe('2024-11-01');
  });

  it('a person addressee is read as before', () => {
    const ex = extract(letter(['Herrn', 'Jan Mustermann', 'Musterweg 1', '60325 Frankfurt am Main']));
    expect(ex.name).toBe('Jan Mustermann');
    expect(ex.address).toBe('Musterweg 1, 60325 Frankfurt am Main');
  });
});

describe('the invoice date among other dates', () => {
  it("a referenced invoice's date is not the invoice date", () => {
    const ex = extract([
      row([0, 'LE FOURNISSEUR'], [60, 'FACTURE N° :'], right(100, 'F20180027')),
      row([0, '35 rue d’ici'], [60, 'Date :'], right(100, '31/12/2018')),
      '75018 PARIS',
      '',
      'N° DE FACTURE ASSOCIÉE : F20180003',
      'DATE DE FACTURE ASSOCIÉE : 30/11/2018',
      ...body,
    ]);
    expect(ex.document_date).toBe('2018-12-31');
  });

  it('Belegdatum and "Liefer- und Rechnungsdatum" are the invoice date', () => {
    const a = extract(['Rechnung', row([0, 'Kunden-Nr.: 10000'], [60, 'Belegdatum:'], [80, '26.10.22']), row([0, 'Lieferdatum: 20.10.22']), ...body]);
    expect(a.document_date).toBe('2022-10-26');
    const b = extract([
      'Rechnung',
      row([0, 'Rechnungsnummer: 2014-03'], [50, 'Liefer- und Rechnungsdatum: 11. Juli 2014']),
      row([0, 'Datum der Bestellung: 02.07.2014']),
      ...body,
    ]);
    expect(b.document_date).toBe('2014-07-11');
  });
});
