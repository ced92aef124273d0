/**
 * Invented issuers. Each has the issuing system that real ones print with (the Info Creator a
 * genuine file carries) and a house font, so that documents from one issuer look alike.
 */
import type { Currency } from './money.js';
import type { Country } from './people.js';
import type { DocType } from '../labels.js';

/** Standard-14 fonts need no embedding; TTF paths are embedded as subsets by pdfkit. */
export type HouseFont = 'Helvetica' | 'Times-Roman' | 'Courier' | 'LiberationSans' | 'DejaVuSans' | 'LiberationSerif';

export interface Issuer {
  id: string;
  name: string;
  country: Country;
  currency: Currency;
  docType: DocType;
  addressLines: string[];
  /** The issuing system, written as Info Creator / XMP CreatorTool. */
  system: string;
  font: HouseFont;
  /** GB/IE: 4-letter bank code; DE: 8-digit BLZ; FR: 5-digit bank code. */
  bankCode?: string;
  bic?: string;
  /** VAT / sales tax percent for invoices, bills and receipts. */
  taxRate?: number;
}

export const ISSUERS: readonly Issuer[] = [
  // Banks
  {
    id: 'harrowgate',
    name: 'Harrowgate Bank plc',
    country: 'GB',
    currency: 'GBP',
    docType: 'bank_statement',
    addressLines: ['1 Guild Square', 'Leeds', 'LS1 4HG'],
    system: 'LedgerPoint Statement Engine 5.2',
    font: 'Helvetica',
    bankCode: 'HRWG',
    bic: 'HRWGGB2L',
  },
  {
    id: 'northmoor',
    name: 'Northmoor Building Society',
    country: 'GB',
    currency: 'GBP',
    docType: 'bank_statement',
    addressLines: ['Northmoor House', 'York', 'YO1 7NB'],
    system: 'CoreFlex Print Services 7.1',
    font: 'LiberationSans',
    bankCode: 'NMBS',
    bic: 'NMBSGB21',
  },
  {
    id: 'liffey',
    name: 'Liffey Savings Bank',
    country: 'IE',
    currency: 'EUR',
    docType: 'bank_statement',
    addressLines: ['40 Wellington Quay', 'Dublin 2', 'D02 X285'],
    system: 'BankSuite DocGen 11.4',
    font: 'Times-Roman',
    bankCode: 'LFSB',
    bic: 'LFSBIE2D',
  },
  {
    id: 'rheinwerk',
    name: 'Rheinwerk Bank AG',
    country: 'DE',
    currency: 'EUR',
    docType: 'bank_statement',
    addressLines: ['Rheinuferstraße 12', '50668 Köln'],
    system: 'KontoDruck Server 3.9',
    font: 'DejaVuSans',
    bankCode: '37040044',
    bic: 'RHWKDEFF',
  },
  {
    id: 'valmont',
    name: 'Banque Valmont',
    country: 'FR',
    currency: 'EUR',
    docType: 'bank_statement',
    addressLines: ['8 place Bellecour', '69002 Lyon'],
    system: 'Relevé Express 2.6',
    font: 'Helvetica',
    bankCode: '30004',
    bic: 'BVALFRPP',
  },
  {
    id: 'cascade',
    name: 'Cascade Federal Credit Union',
    country: 'US',
    currency: 'USD',
    docType: 'bank_statement',
    addressLines: ['500 Pine Street', 'Portland, OR 97204'],
    system: 'Symmetry eStatements 9.0',
    font: 'Courier',
    bic: undefined,
  },
  // Employers
  {
    id: 'brightwell',
    name: 'Brightwell Logistics Ltd',
    country: 'GB',
    currency: 'GBP',
    docType: 'payslip',
    addressLines: ['Unit 4, Aire Park', 'Leeds', 'LS10 1QT'],
    system: 'PayFlow HR 2024.2',
    font: 'Helvetica',
  },
  {
    id: 'kestrel',
    name: 'Kestrel Software GmbH',
    country: 'DE',
    currency: 'EUR',
    docType: 'payslip',
    addressLines: ['Hafenstraße 3', '20459 Hamburg'],
    system: 'LohnPilot 8',
    font: 'LiberationSans',
  },
  {
    id: 'ardent',
    name: 'Ardent Health Partners Inc',
    country: 'US',
    currency: 'USD',
    docType: 'payslip',
    addressLines: ['2200 Congress Ave', 'Austin, TX 78701'],
    system: 'PayGrid Cloud Payroll',
    font: 'Times-Roman',
  },
  {
    id: 'quaymark',
    name: 'Quaymark Engineering Ltd',
    country: 'IE',
    currency: 'EUR',
    docType: 'payslip',
    addressLines: ['Dock Road', 'Galway', 'H91 K2W8'],
    system: 'PayFlow HR 2023.4',
    font: 'DejaVuSans',
  },
  // Vendors
  {
    id: 'fenwick',
    name: 'Fenwick & Hale Consulting Ltd',
    country: 'GB',
    currency: 'GBP',
    docType: 'invoice',
    addressLines: ['17 Queen Street', 'Bristol', 'BS1 4JQ'],
    system: 'Invoicely 3.8',
    font: 'LiberationSerif',
    bankCode: 'HRWG',
    bic: 'HRWGGB2L',
    taxRate: 20,
  },
  {
    id: 'lumen',
    name: 'Atelier Lumen SARL',
    country: 'FR',
    currency: 'EUR',
    docType: 'invoice',
    addressLines: ['22 rue Paradis', '13001 Marseille'],
    system: 'FactuPro 5.1',
    font: 'Helvetica',
    bankCode: '30004',
    bic: 'BVALFRPP',
    taxRate: 20,
  },
  {
    id: 'summit',
    name: 'Summit Office Supply Co',
    country: 'US',
    currency: 'USD',
    docType: 'invoice',
    addressLines: ['88 Industrial Pkwy', 'Columbus, OH 43215'],
    system: 'QuickLedger Invoicing 2024',
    font: 'Helvetica',
    taxRate: 7.5,
  },
  {
    id: 'nordlicht',
    name: 'Nordlicht Medien GmbH',
    country: 'DE',
    currency: 'EUR',
    docType: 'invoice',
    addressLines: ['Karl-Liebknecht-Straße 9', '04107 Leipzig'],
    system: 'RechnungsWerk 4.2',
    font: 'DejaVuSans',
    bankCode: '37040044',
    bic: 'RHWKDEFF',
    taxRate: 19,
  },
  // Utilities
  {
    id: 'greenvale',
    name: 'Greenvale Energy',
    country: 'GB',
    currency: 'GBP',
    docType: 'utility_bill',
    addressLines: ['PO Box 4410', 'Norwich', 'NR1 3QQ'],
    system: 'UtiliBill CIS 11',
    font: 'Helvetica',
    taxRate: 5,
  },
  {
    id: 'pacificcrest',
    name: 'Pacific Crest Power & Light',
    country: 'US',
    currency: 'USD',
    docType: 'utility_bill',
    addressLines: ['PO Box 3300', 'Portland, OR 97208'],
    system: 'GridBill 6.3',
    font: 'LiberationSans',
    taxRate: 3,
  },
  {
    id: 'elbtal',
    name: 'Stadtwerke Elbtal',
    country: 'DE',
    currency: 'EUR',
    docType: 'utility_bill',
    addressLines: ['Werkstraße 1', '01067 Dresden'],
    system: 'EVU Abrechnung 12',
    font: 'Times-Roman',
    taxRate: 19,
  },
  // Shops
  {
    id: 'cornerpantry',
    name: 'Corner Pantry',
    country: 'GB',
    currency: 'GBP',
    docType: 'receipt',
    addressLines: ['3 Market Place', 'Norwich NR2 1ND'],
    system: 'TillWise POS 4.0',
    font: 'Courier',
    taxRate: 20,
  },
  {
    id: 'bluebird',
    name: 'Bluebird Coffee Roasters',
    country: 'US',
    currency: 'USD',
    docType: 'receipt',
    addressLines: ['1201 SE Division St', 'Portland, OR 97202'],
    system: 'Squarely POS 6',
    font: 'Helvetica',
    taxRate: 0,
  },
  {
    id: 'saintloup',
    name: 'Marché Saint-Loup',
    country: 'FR',
    currency: 'EUR',
    docType: 'receipt',
    addressLines: ['5 place Saint-Loup', '44000 Nantes'],
    system: 'CaisseNet 3.3',
    font: 'DejaVuSans',
    taxRate: 5.5,
  },
];

export function issuersFor(docType: DocType): Issuer[] {
  return ISSUERS.filter((i) => i.docType === docType);
}
