import { expect } from 'vitest';
import { identifierInvalidDetector } from '../../../../engine/detectors/content/identifier-invalid.js';
import { contextOf, row } from '../../read/extract/fixtures.js';
import { bankStatement, invoice } from '../../read/extract/generate-docs.js';
import { testDetector } from '../../detector-tester.js';

const ctx = (text: string | string[]) => async () => contextOf(text);

/** A valid British IBAN (ISO 13616's example) and the sort code and account number inside it. */
const GB_IBAN = 'GB29 NWBK 6016 1331 9268 19';
const ukDetails = (sortCode: string, account: string) => `Bank details\nSort code: ${sortCode}\nAccount number: ${account}\nIBAN: ${GB_IBAN}\nBIC: NWBKGB2L`;
/** Statement pages with the account number in the header of the first and the footer of the last. */
const twoPlaces = (header: string, footer: string) => [
  `Northmoor Bank plc\nAccount statement\nAccount number: ${header}\nClosing balance  1,204.50`,
  `Page 2 of 2\nSummary\nAccount number: ${footer}\nThank you for banking with us`,
];

testDetector(identifierInvalidDetector, {
  valid: [
    { name: 'a page without any text (nothing read from it)', input: ctx('') },
    // A scan's OCR left two spaces between groups, so the layout split the IBAN over two cells.
    {
      name: 'valid IBAN whose last groups fall in the next cell',
      input: ctx('Please pay to IBAN FR76 3000 4500 0086 1264  6576 485,  BIC BVALFRPP,  quoting INV-2024-51942.'),
    },
    { name: 'statement with valid IBAN and sort code', input: ctx(bankStatement(70, { locale: 'de', layout: 'split' }).text) },
    { name: 'uk statement with well-formed sort code', input: ctx(bankStatement(71, { locale: 'uk', layout: 'split' }).text) },
    { name: 'us statement with valid ABA routing number', input: ctx(bankStatement(72, { locale: 'us', layout: 'signed' }).text) },
    { name: 'invoice with valid spaced IBAN', input: ctx(invoice(73, { locale: 'fr' }).text) },
    { name: 'masked IBAN and masked card are not judged', input: ctx('IBAN: DE54 5004 **** **** **** 00\nCard number: **** **** **** 1234') },
    { name: 'creditor id and VAT id that merely look IBAN-ish', input: ctx('Gläubiger-ID: DE63ZZZ00000015422\nUSt-IdNr.: DE812871812') },
    { name: 'valid card number', input: ctx('Card number: 4111 1111 1111 1111') },
    { name: 'a 16-digit order number is not a card', input: ctx('Order number: 1234567812345678') },
    { name: 'sort code and account number that are the ones inside the IBAN', input: ctx(ukDetails('60-16-13', '31926819')) },
    {
      name: 'Bankleitzahl and Kontonummer that are the ones inside the German IBAN',
      input: ctx('Bankverbindung\nBLZ: 37040044\nKontonummer: 532013000\nIBAN: DE89 3704 0044 0532 0130 00'),
    },
    // MOZILLA-10084-0.pdf (UglyToad/PdfPig): fraudulent 92 while built.
    {
      name: "a footer listing the issuer's banks, one per row under BLZ / Konto-Nr. / IBAN",
      input: ctx(
        [
          row([0, 'Verwaltung'], [22, 'Banken'], [36, 'BLZ'], [48, 'Konto-Nr.'], [62, 'BIC'], [76, 'IBAN']),
          row(
            [0, 'Saarburger Ring 25'],
            [22, 'Commerzbank'],
            [36, '370 400 44'],
            [48, '532 013 000'],
            [62, 'COBADEFFXXX'],
            [76, 'DE89 3704 0044 0532 0130 00'],
          ),
          row([0, 'Mannheim'], [22, 'Sparkasse'], [36, '604 914 30'], [48, '577 917 005'], [62, 'SOLADES1PFD'], [76, 'DE75 6049 1430 0577 9170 05']),
          row([0, 'Tel. 0621 123'], [22, 'Volksbank'], [36, '600 501 01'], [48, '2 240 239'], [62, 'SOLADEST600'], [76, 'DE88 6005 0101 0002 2402 39']),
        ].join('\n'),
      ),
    },
    { name: 'the same account number in the header and the footer', input: ctx(twoPlaces('31926819', '3192 6819')) },
    {
      name: "the customer's account on page 1 and the payee's IBAN with other details on page 2",
      input: ctx(['Account number: 12345678\nSort code: 20-00-00', `Please pay to\nSort code: 60-16-13\nAccount number: 31926819\nIBAN: ${GB_IBAN}`]),
    },
    {
      name: 'two accounts a digit apart listed together (a summary of accounts)',
      input: ctx('Your accounts\nCurrent account  Account number: 31926819\nSavings account  Account number: 31926827'),
    },
    {
      name: 'three accounts: a document about several accounts',
      input: ctx(['Account number: 31926819', 'Account number: 31926818', 'Account number: 55501234']),
    },
    // modeles-factures-belges-assocs (texlive-publishers-doc), facture-banlieues.pdf: suspicious 70 before.
    {
      name: "an invoice template's specimen IBANs in counting digits",
      input: ctx(
        'Prénom Nom                 Fédération belge de gong\nBE01 2345 6789 0123         BE98 7654 3210 9876\nMerci de régler cette facture au compte no BE01 2345 6789 0123 avec la mention XYZ1234.',
      ),
    },
    // mustangproject's zugferd_invoice.pdf and ZUGFeRD-csharp's Sammelrechnung: a bank code with a
    // placeholder account, IBANs whose check digits were never computed.
    { name: 'a German specimen IBAN: a bank code and the account 9999999999', input: ctx('GF Paul Kraxi  München HRB 999999  IBAN DE28700100809999999999') },
    { name: 'a German specimen IBAN: the account 1234567, zero-padded', input: ctx('BLZ: 999 888 77 Kto.Nr.: 1234567, IBAN: DE33 9998 8877 0001 2345 67') },
  ],
  invalid: [
    {
      name: 'an account closing on six equal digits is no specimen',
      input: ctx('IBAN: DE28 7001 0080 0012 9999 99'),
      reasons: ['identifier_invalid.iban_checksum'],
    },
    { name: 'an IBAN in counting digits with one digit changed', input: ctx('IBAN: BE01 2345 6789 5123'), reasons: ['identifier_invalid.iban_checksum'] },
    {
      name: 'labelled IBAN with a wrong check digit',
      input: ctx(invoice(74, { locale: 'de', tamper: 'iban' }).text),
      reasons: ['identifier_invalid.iban_checksum'],
    },
    {
      name: 'IBAN in a statement footer with a changed digit',
      input: ctx(bankStatement(75, { locale: 'uk', layout: 'split', tamper: 'iban' }).text),
      reasons: ['identifier_invalid.iban_checksum'],
    },
    {
      name: 'unlabelled IBAN-shaped token that fails mod-97',
      input: ctx('Pay to  DE89 3704 0044 0532 0130 01  quoting your reference'),
      reasons: ['identifier_invalid.iban_checksum'],
    },
    { name: 'labelled IBAN too short for its country', input: ctx('IBAN: DE12 1234 4321 9876 00'), reasons: ['identifier_invalid.iban_length'] },
    {
      name: 'short IBAN followed by another field in the next cell',
      input: ctx('IBAN: DE12 1234 4321 9876 00   BIC COBADEFFXXX'),
      reasons: ['identifier_invalid.iban_length'],
    },
    { name: 'routing number one digit short', input: ctx('Routing number: 02100002\nAccount number: 12345678'), reasons: ['identifier_invalid.aba_length'] },
    {
      name: 'routing number failing the ABA checksum',
      input: ctx('Routing number: 021000022\nAccount number: 12345678'),
      reasons: ['identifier_invalid.aba_checksum'],
    },
    { name: 'card number failing Luhn', input: ctx('Card number: 4111 1111 1111 1112'), reasons: ['identifier_invalid.card_luhn'] },
    {
      name: 'the account number in the footer a digit off the header',
      input: ctx(twoPlaces('31926819', '31926619')),
      reasons: ['identifier_invalid.account_mismatch'],
      check: (f) => {
        expect(f[0].evidence).toMatchObject({ value: '31926619', expected: '31926819' });
        expect(f[0].evidence.regions).toHaveLength(2);
      },
    },
    {
      name: 'a sort code that is not the one inside the IBAN printed beside it',
      input: ctx(ukDetails('60-16-14', '31926819')),
      reasons: ['identifier_invalid.iban_mismatch'],
      check: (f) => expect(f[0].evidence).toMatchObject({ value: '60-16-14', expected: '601613' }),
    },
    {
      name: 'an account number that is not the one inside the IBAN printed beside it',
      input: ctx(ukDetails('60-16-13', '31926810')),
      reasons: ['identifier_invalid.iban_mismatch'],
    },
    {
      name: 'a Kontonummer that is not the one inside the German IBAN',
      input: ctx('Bankverbindung\nBLZ: 37040044\nKontonummer: 532013001\nIBAN: DE89 3704 0044 0532 0130 00'),
      reasons: ['identifier_invalid.iban_mismatch'],
    },
    {
      name: 'sort code with five digits',
      input: ctx(bankStatement(76, { locale: 'uk', layout: 'split', tamper: 'sort_code' }).text),
      reasons: ['identifier_invalid.sort_code_format'],
    },
  ],
});
