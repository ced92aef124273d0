/**
 * Name and address on layouts the lab does not draw: window-envelope blocks, labelled and
 * unlabelled cards, postcodes before and after the town, several countries, titles, company
 * recipients, c/o and PO box lines, and issuer and customer blocks side by side. Precision
 * cases check that the sender's own block is never returned as the customer.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../engine/read/extract/index.js';
import type { Extracted } from '../../../../engine/types.js';
import { layoutPage, right, row } from './fixtures.js';

/** Lines of a page; `sizes` sets the font size of some lines (index -> points), body is 9 pt. */
function extract(lines: string[], sizes: Record<number, number> = {}): Extracted {
  const text = lines.join('\n');
  const page = layoutPage(text);
  const ROWS = 80;
  page.runs = page.runs.map((r) => {
    const line = Math.round(r.bbox[1] * ROWS);
    const size = sizes[line];
    if (size === undefined) return r;
    return { ...r, size, bbox: [r.bbox[0], r.bbox[1], r.bbox[2], r.bbox[1] + (0.8 / ROWS) * (size / 9)] };
  });
  return extractFields([page], text);
}

const body = (total: string) => [
  row([0, 'Description'], right(96, 'Amount')),
  row([0, 'Services rendered'], right(96, total)),
  row([0, 'Total'], right(96, total)),
];

describe('window-envelope address blocks', () => {
  it('GB: title, flat, street, town, county and postcode on their own lines, letterhead at the right', () => {
    const ex = extract(
      [
        row([60, 'Harbour Energy Ltd']),
        row([60, 'PO Box 4410, Norwich NR1 3QQ']),
        '',
        'Mr John A. Smith',
        'Flat 3',
        '12 High Street',
        'Harrogate',
        'North Yorkshire',
        'HG1 2AB',
        '',
        row([0, 'Electricity bill'], right(96, 'Bill date: 3 March 2025')),
        ...body('£84.10'),
      ],
      { 0: 14 },
    );
    expect(ex.name).toBe('John A. Smith');
    expect(ex.address).toBe('Flat 3, 12 High Street, Harrogate, North Yorkshire, HG1 2AB');
    expect(ex.issuer).toBe('Harbour Energy Ltd');
  });

  it('IE: county line with "Co." and an Eircode', () => {
    const ex = extract([
      'Ms Aoife Byrne',
      '12 Seaview Park',
      'Blackrock',
      'Co. Dublin',
      'A94 X2Y3',
      '',
      row([0, 'Statement date'], [30, '30 April 2025']),
      ...body('€12.00'),
    ]);
    expect(ex.name).toBe('Aoife Byrne');
    expect(ex.address).toBe('12 Seaview Park, Blackrock, Co. Dublin, A94 X2Y3');
  });

  it('DE: sender line, "Herrn" on its own line, postcode before the town', () => {
    const ex = extract([
      'Nordlicht Medien GmbH · Karl-Liebknecht-Straße 9 · 04107 Leipzig',
      'Herrn',
      'Dr. Max Mustermann',
      'Musterstraße 12',
      '10115 Berlin',
      '',
      row([0, 'Rechnung'], right(96, 'Rechnungsdatum: 03.04.2025')),
      ...body('1.200,00 €'),
    ]);
    expect(ex.name).toBe('Max Mustermann');
    expect(ex.address).toBe('Musterstraße 12, 10115 Berlin');
  });

  it('FR: apartment line, street, postcode and town, country', () => {
    const ex = extract([
      'Madame Camille Dubois',
      'Appartement 12, Bâtiment B',
      '8 rue des Lilas',
      '75011 Paris',
      'FRANCE',
      '',
      row([0, 'Facture'], right(96, 'Date de facture : 03/04/2025')),
      ...body('1 200,00 €'),
    ]);
    expect(ex.name).toBe('Camille Dubois');
    expect(ex.address).toBe('Appartement 12, Bâtiment B, 8 rue des Lilas, 75011 Paris, FRANCE');
  });

  it('US: upper case, apartment on the street line, ZIP+4 without a comma', () => {
    const ex = extract([
      'JOHN Q PUBLIC',
      '123 MAIN ST APT 4B',
      'SPRINGFIELD IL 62704-1234',
      '',
      row([0, 'Statement period: 03/01/2025 - 03/31/2025']),
      ...body('$1,200.00'),
    ]);
    expect(ex.name).toBe('JOHN Q PUBLIC');
    expect(ex.address).toBe('123 MAIN ST APT 4B, SPRINGFIELD IL 62704-1234');
  });

  it('US: a PO box', () => {
    const ex = extract(['Maria Gonzalez', 'PO Box 1234', 'Austin, TX 78701', '', row([0, 'Invoice date: 04/03/2025']), ...body('$88.00')]);
    expect(ex.name).toBe('Maria Gonzalez');
    expect(ex.address).toBe('PO Box 1234, Austin, TX 78701');
  });

  it('ES: "D." title and a floor in the street line', () => {
    const ex = extract([
      'D. Juan García López',
      'Calle Mayor 12, 3º B',
      '28013 Madrid',
      '',
      row([0, 'Factura'], right(96, 'Fecha de factura: 03/04/2025')),
      ...body('1.200,00 €'),
    ]);
    expect(ex.name).toBe('Juan García López');
    expect(ex.address).toBe('Calle Mayor 12, 3º B, 28013 Madrid');
  });

  it('IT: province after the town, plain and in brackets', () => {
    const a = extract([
      'Sig.ra Giulia Bianchi',
      'Via Roma 12',
      '00184 Roma RM',
      '',
      row([0, 'Fattura'], right(96, 'Data fattura: 03/04/2025')),
      ...body('1.200,00 €'),
    ]);
    expect(a.name).toBe('Giulia Bianchi');
    expect(a.address).toBe('Via Roma 12, 00184 Roma RM');
    const b = extract([
      'Marco Rossi',
      'Corso Buenos Aires 45',
      '20124 Milano (MI)',
      '',
      row([0, 'Fattura'], right(96, 'Data fattura: 03/04/2025')),
      ...body('1.200,00 €'),
    ]);
    expect(b.address).toBe('Corso Buenos Aires 45, 20124 Milano (MI)');
  });

  it('NL: initials with "de", postcode with letters', () => {
    const ex = extract([
      'Dhr. J. de Vries',
      'Keizersgracht 123',
      '1015 CJ Amsterdam',
      '',
      row([0, 'Factuur'], right(96, 'Factuurdatum: 03-04-2025')),
      ...body('€ 1.200,00'),
    ]);
    expect(ex.name).toBe('J. de Vries');
    expect(ex.address).toBe('Keizersgracht 123, 1015 CJ Amsterdam');
  });

  it('c/o line stays in the address', () => {
    const ex = extract(['Jane Doe', 'c/o Peter Smith', '14 Elm Road', 'Bristol BS1 4DJ', '', row([0, 'Invoice date: 3 April 2025']), ...body('£10.00')]);
    expect(ex.name).toBe('Jane Doe');
    expect(ex.address).toBe('c/o Peter Smith, 14 Elm Road, Bristol BS1 4DJ');
  });
});

describe('labelled customer blocks', () => {
  it('"Name:" and a one-line "Address:"', () => {
    const ex = extract([
      'Brightline Consulting Ltd',
      '',
      row([0, 'Name:'], [14, 'Jane Doe']),
      row([0, 'Address:'], [14, '14 Elm Road, Bristol BS1 4DJ']),
      '',
      row([0, 'Invoice date: 3 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Jane Doe');
    expect(ex.address).toBe('14 Elm Road, Bristol BS1 4DJ');
  });

  it('name label beside the name, address label over several lines', () => {
    const ex = extract([
      'Harbour Savings Bank',
      '',
      row([0, 'Customer name'], [20, 'Priya Sharma']),
      row([0, 'Address'], [20, '7 Castle View']),
      row([20, 'Leeds']),
      row([20, 'LS1 2AB']),
      '',
      row([0, 'Statement date'], [20, '30 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Priya Sharma');
    expect(ex.address).toBe('7 Castle View, Leeds, LS1 2AB');
  });

  it('a small "PREPARED FOR" caption over the card, details card beside it', () => {
    const ex = extract(
      [
        'Nordlicht Medien GmbH',
        'Karl-Liebknecht-Straße 9 · 04107 Leipzig',
        '',
        row([0, 'PREPARED FOR'], [50, 'DETAILS']),
        row([0, 'Aoife Lindqvist'], [50, 'Invoice number: INV-2023-29083']),
        row([0, 'Lindenstraße 225'], [50, 'Invoice date: 15.12.2023']),
        row([0, '50500 Köln'], [50, 'Due date: 14.01.2024']),
        '',
        ...body('1.200,00 €'),
      ],
      { 0: 14, 3: 7 },
    );
    expect(ex.name).toBe('Aoife Lindqvist');
    expect(ex.address).toBe('Lindenstraße 225, 50500 Köln');
  });

  it('"From" and "Bill to" blocks side by side', () => {
    const ex = extract([
      row([0, 'From:'], [50, 'Bill to:']),
      row([0, 'Acme Widgets Ltd'], [50, 'Jane Doe']),
      row([0, '1 Dock Road'], [50, '14 Elm Road']),
      row([0, 'Hull HU1 1AA'], [50, 'Bristol BS1 4DJ']),
      '',
      row([0, 'Invoice date: 3 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Jane Doe');
    expect(ex.address).toBe('14 Elm Road, Bristol BS1 4DJ');
    expect(ex.issuer).toBe('Acme Widgets Ltd');
  });

  it('a company recipient with an attention line', () => {
    const ex = extract([
      'Invoice to:',
      'Meridian Logistics Ltd',
      'Attn: Jane Doe',
      '14 Elm Road',
      'Bristol BS1 4DJ',
      '',
      row([0, 'Invoice date: 3 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Meridian Logistics Ltd');
    expect(ex.address).toBe('14 Elm Road, Bristol BS1 4DJ');
  });

  it('"Statement for" and a German "Kontoinhaber" label', () => {
    const a = extract([
      row([0, 'Statement for:'], [20, 'Oliver Brennan']),
      row([20, '9 Orchard Lane']),
      row([20, 'Norwich NR2 4EQ']),
      '',
      row([0, 'Statement date'], [20, '30 April 2025']),
      ...body('£10.00'),
    ]);
    expect(a.name).toBe('Oliver Brennan');
    expect(a.address).toBe('9 Orchard Lane, Norwich NR2 4EQ');
    const b = extract([
      row([0, 'Kontoinhaber:'], [20, 'Lukas Becker']),
      row([0, 'Anschrift:'], [20, 'Hauptstraße 5, 10115 Berlin']),
      '',
      row([0, 'Kontoauszug vom 30.04.2025']),
      ...body('1.200,00 €'),
    ]);
    expect(b.name).toBe('Lukas Becker');
    expect(b.address).toBe('Hauptstraße 5, 10115 Berlin');
  });
});

describe('issuer and customer blocks side by side, unlabelled', () => {
  it('issuer at the left with a legal suffix, customer at the right', () => {
    const ex = extract([
      row([0, 'Acme Widgets Ltd'], [55, 'Jane Doe']),
      row([0, '1 Dock Road'], [55, '14 Elm Road']),
      row([0, 'Hull HU1 1AA'], [55, 'Bristol BS1 4DJ']),
      '',
      row([0, 'Invoice date: 3 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Jane Doe');
    expect(ex.address).toBe('14 Elm Road, Bristol BS1 4DJ');
    expect(ex.issuer).toBe('Acme Widgets Ltd');
  });

  it('sender block at the top in body size, repeated in the footer, customer below', () => {
    const ex = extract([
      row([0, 'Summit Office Supply Co'], [70, 'INVOICE']),
      '88 Industrial Pkwy',
      'Columbus, OH 43215',
      '',
      row([0, 'Amelia Dubois'], [55, 'Invoice number: INV-2023-85798']),
      row([0, '74 Maple Avenue'], [55, 'Invoice date: 07/14/2023']),
      row([0, 'Austin, TX 78753'], [55, 'Due date: 08/13/2023']),
      '',
      ...body('$10.00'),
      '',
      'Summit Office Supply Co - 88 Industrial Pkwy, Columbus, OH 43215',
    ]);
    expect(ex.name).toBe('Amelia Dubois');
    expect(ex.address).toBe('74 Maple Avenue, Austin, TX 78753');
    expect(ex.issuer).toBe('Summit Office Supply Co');
  });

  it('customer block right-aligned at the right edge', () => {
    const ex = extract(
      [
        'Harbour Savings Bank',
        '',
        row(right(96, 'Priya Sharma')),
        row(right(96, '7 Castle View')),
        row(right(96, 'Leeds LS1 2AB')),
        '',
        row([0, 'Statement date'], [20, '30 April 2025']),
        ...body('£10.00'),
      ],
      { 0: 14 },
    );
    expect(ex.name).toBe('Priya Sharma');
    expect(ex.address).toBe('7 Castle View, Leeds LS1 2AB');
  });
});

describe('no customer on the page', () => {
  it('a receipt with only the shop address in body size returns no customer when the footer repeats it', () => {
    const ex = extract([
      'Corner Pantry',
      '3 Market Place',
      'Norwich NR2 1ND',
      '',
      row([0, 'RECEIPT']),
      row([0, 'Date'], right(60, '06 Oct 2023 19:22')),
      row([0, 'TOTAL'], right(60, '£28.65')),
      '',
      'Corner Pantry, 3 Market Place, Norwich NR2 1ND',
    ]);
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });

  it('a registered-office footer is not a customer address', () => {
    const ex = extract([
      'Harbour Savings Bank',
      row([0, 'Statement date'], [20, '30 April 2025']),
      ...body('£10.00'),
      '',
      'Registered office:',
      'Harbour Savings Bank plc',
      '1 Guild Square',
      'Leeds LS1 4HG',
    ]);
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });

  it('a sender block with a title but no second block is not taken for the customer', () => {
    const ex = extract(['From:', 'Acme Widgets Ltd', '1 Dock Road', 'Hull HU1 1AA', '', row([0, 'Invoice date: 3 April 2025']), ...body('£10.00')]);
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });
});

describe('OCR readings', () => {
  it('a German street read with "B" or "fi" for "ß" before the house number is read as "straße"', () => {
    const ex = extract(['Hanna Vogel', 'SchillerstraBe 15', '04305 Leipzig', '', row([0, 'Rechnungsdatum: 03.04.2025']), ...body('12,00 €')]);
    expect(ex.address).toBe('Schillerstraße 15, 04305 Leipzig');
    expect(extract(['Hanna Vogel', 'Lindenstrafie 3', '04305 Leipzig']).address).toBe('Lindenstraße 3, 04305 Leipzig');
    // ... or drops it.
    expect(extract(['Hanna Vogel', 'Bahnhofstrae 1', '04305 Leipzig']).address).toBe('Bahnhofstraße 1, 04305 Leipzig');
  });

  it('IBAN groups spread over several cells are joined to the country length; one cut short is not taken', () => {
    const split = extract([row([0, 'Account number:'], [20, '12557109']), row([0, 'IBAN:'], [8, 'IE77 LFSB 2946 8712'], [40, '5571'], [50, '09'])]);
    expect(split.account_number).toBe('IE77LFSB29468712557109');
    const short = extract([row([0, 'Account number:'], [20, '12557109']), row([0, 'IBAN:'], [8, 'IE77 LFSB 2946 8712'], [40, '5571'])]);
    expect(short.account_number).toBe('12557109');
  });
});

describe('issuer from the sender block', () => {
  it('a sender block repeated in the footer names the issuer before a larger stray heading', () => {
    const ex = extract(
      [
        'Banque Valmont',
        '8 place Bellecour',
        '69002 Lyon',
        '',
        row([0, 'Releve de compte'], [50, 'Date : 28/02/2023']),
        ...body('12,00 €'),
        'Banque Valmont. Siège : 8 place Bellecour, 69002 Lyon.',
      ],
      { 4: 14 },
    );
    expect(ex.issuer).toBe('Banque Valmont');
  });
});

describe('one-line and "To:" forms', () => {
  it('name and address on one line under "To:"', () => {
    const ex = extract([
      'Brightline Consulting Ltd',
      '',
      'To:',
      'Jane Doe, 14 Elm Road, Bristol BS1 4DJ',
      '',
      row([0, 'Invoice date: 3 April 2025']),
      ...body('£10.00'),
    ]);
    expect(ex.name).toBe('Jane Doe');
    expect(ex.address).toBe('14 Elm Road, Bristol BS1 4DJ');
  });

  it('a US state written out before the ZIP code', () => {
    const ex = extract(['Maria Gonzalez', '55 Lake Shore Drive', 'Chicago, Illinois 60611', '', row([0, 'Invoice date: 04/03/2025']), ...body('$88.00')]);
    expect(ex.address).toBe('55 Lake Shore Drive, Chicago, Illinois 60611');
  });

  it('a period "from ... to ..." is no customer label', () => {
    const ex = extract([
      'Harbour Savings Bank',
      '',
      row([0, 'Period'], [20, '01/03/2025'], [32, 'to'], [36, '31/03/2025']),
      '',
      'Registered office:',
      'Harbour Savings Bank plc',
      '1 Guild Square',
      'Leeds LS1 4HG',
    ]);
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });
});

describe('a one-line footer', () => {
  it('"Name, street, town" printed alone at the foot of a page is no customer', () => {
    const ex = extract([
      'RECEIPT',
      row([0, 'Date'], right(60, '06 Oct 2023 19:22')),
      row([0, 'TOTAL'], right(60, '£28.65')),
      '',
      '',
      '',
      'Corner Pantry, 3 Market Place, Norwich NR2 1ND',
    ]);
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });
});
