/**
 * The truth of an e-invoice's extracted fields, read from its attached XML (ZUGFeRD / Factur-X /
 * XRechnung CII, or UBL) by the eval alone: a small element reader of its own, never the engine's
 * reading, so that the engine cannot grade itself. Field definitions follow docs/lab.md
 * ("fields"): `issuer` the seller, `name` and `address` the buyer (the invoice's recipient), the
 * address lines joined by `, `, dates as YYYY-MM-DD.
 */
import type { FieldName, FieldValues } from '../metrics/extraction.js';

export interface EInvoiceTruth {
  fields: FieldValues;
  /** Other printed forms of the same fact (postcode after the city, the trading name, ...). */
  alternatives: Partial<Record<FieldName, string[]>>;
  syntax: 'CII' | 'UBL';
}

/** Invoices and credit notes; Order-X and UBL orders are not invoices and have no truth here. */
const CII_ROOT = /<(?:[\w-]+:)?(?:CrossIndustryInvoice|CrossIndustryDocument)\b/;
const UBL_ROOT = /<(?:[\w-]+:)?(Invoice|CreditNote)\b[^>]*urn:oasis:names:specification:ubl:schema:xsd:(?:Invoice|CreditNote)-2/;

/** The inner text of the first element of each local name in turn, descending; null when one is missing. */
function block(xml: string | null, ...path: string[]): string | null {
  let cur = xml;
  for (const name of path) {
    if (cur === null) return null;
    const m = new RegExp(`<(?:[\\w-]+:)?${name}\\b[^>]*?(?:/>|>([\\s\\S]*?)</(?:[\\w-]+:)?${name}>)`).exec(cur);
    cur = m ? (m[1] ?? '') : null;
  }
  return cur;
}

function text(xml: string | null, ...path: string[]): string | null {
  const v = block(xml, ...path);
  if (v === null) return null;
  const t = decodeEntities(v.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1').replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
  return t || null;
}

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const k = e.toLowerCase();
    if (k.startsWith('#x')) return String.fromCodePoint(parseInt(k.slice(2), 16));
    if (k.startsWith('#')) return String.fromCodePoint(parseInt(k.slice(1), 10));
    return ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[k];
  });
}

/** YYYYMMDD (CII format 102) or YYYY-MM-DD to YYYY-MM-DD. */
function isoDate(v: string | null): string | null {
  const m = v ? /^(\d{4})-?(\d{2})-?(\d{2})/.exec(v.trim()) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

interface Postal {
  lines: string[];
  postcode: string | null;
  city: string | null;
  /** ISO 3166 code (CII CountryID, UBL IdentificationCode). */
  country: string | null;
}

/** Names a page prints for the countries of these invoices, for a country line under the address. */
const COUNTRY_NAMES: Record<string, string[]> = {
  DE: ['Deutschland', 'Germany', 'Allemagne'],
  FR: ['France', 'Frankreich'],
  AT: ['Österreich', 'Austria'],
  CH: ['Schweiz', 'Suisse', 'Switzerland'],
  IT: ['Italia', 'Italy', 'Italien'],
  NL: ['Nederland', 'Netherlands', 'Niederlande'],
  BE: ['Belgique', 'België', 'Belgium', 'Belgien'],
  LU: ['Luxembourg', 'Luxemburg'],
  ES: ['España', 'Spain', 'Spanien'],
  GB: ['United Kingdom', 'UK'],
  US: ['USA', 'United States'],
};

/** The address as printed forms: street lines then `postcode city`, or the postcode after the city (GB, US). */
function addressForms(p: Postal | null): string[] {
  if (!p) return [];
  const { lines, postcode, city, country } = p;
  if (!lines.length && !city) return [];
  const base: string[][] = [];
  if (postcode && city) {
    base.push([...lines, `${postcode} ${city}`], [...lines, `${city} ${postcode}`], [...lines, city, postcode]);
    // The country code before the postcode, as German and French layouts print it ("DE 69876 Frankfurt", "D-69876").
    if (country) base.push([...lines, `${country} ${postcode} ${city}`], [...lines, `${country}-${postcode} ${city}`]);
  } else base.push([...lines, ...(city ? [city] : []), ...(postcode ? [postcode] : [])]);
  const forms = new Set(base.map((b) => b.join(', ')));
  // A country line printed under the address belongs to it too.
  for (const name of country ? [country, ...(COUNTRY_NAMES[country] ?? [])] : []) for (const b of base) forms.add([...b, name].join(', '));
  return [...forms];
}

function ciiPostal(party: string | null): Postal | null {
  const a = block(party, 'PostalTradeAddress');
  if (a === null) return null;
  const lines = ['LineOne', 'LineTwo', 'LineThree'].map((n) => text(a, n)).filter((x): x is string => !!x);
  return { lines, postcode: text(a, 'PostcodeCode'), city: text(a, 'CityName'), country: text(a, 'CountryID') };
}

function ublPostal(party: string | null): Postal | null {
  const a = block(party, 'PostalAddress');
  if (a === null) return null;
  const lines = ['StreetName', 'AdditionalStreetName'].map((n) => text(a, n)).filter((x): x is string => !!x);
  const extra = text(a, 'AddressLine', 'Line');
  if (extra) lines.push(extra);
  return { lines, postcode: text(a, 'PostalZone'), city: text(a, 'CityName'), country: text(a, 'Country', 'IdentificationCode') };
}

function firstIban(xml: string): string | null {
  const v = text(xml, 'IBANID') ?? text(xml, 'PayeeFinancialAccount', 'ID');
  const m = v ? /^[A-Z]{2}\d{2}[A-Z0-9 ]{8,40}$/.exec(v.replace(/\s/g, '')) : null;
  return m ? m[0] : null;
}

function distinct(values: Array<string | null>, truth: string | null): string[] {
  return [...new Set(values.filter((v): v is string => !!v && v !== truth))];
}

/** The truth of one attached XML, or null when it is not an invoice or credit note. */
export function einvoiceTruth(xml: string): EInvoiceTruth | null {
  if (CII_ROOT.test(xml)) {
    const agreement = block(xml, 'ApplicableHeaderTradeAgreement') ?? block(xml, 'ApplicableSupplyChainTradeAgreement');
    const seller = block(agreement, 'SellerTradeParty');
    const buyer = block(agreement, 'BuyerTradeParty');
    const addresses = addressForms(ciiPostal(buyer));
    const sellerName = text(seller, 'Name');
    const buyerName = text(buyer, 'Name');
    return {
      syntax: 'CII',
      fields: {
        doc_type: 'invoice',
        issuer: sellerName,
        name: buyerName,
        address: addresses[0] ?? null,
        document_date: isoDate(
          text(xml, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString') ?? text(xml, 'HeaderExchangedDocument', 'IssueDateTime', 'DateTimeString'),
        ),
        account_number: firstIban(xml),
        currency: text(xml, 'InvoiceCurrencyCode'),
      },
      alternatives: {
        issuer: distinct([text(seller, 'SpecifiedLegalOrganization', 'TradingBusinessName')], sellerName),
        name: distinct([text(buyer, 'SpecifiedLegalOrganization', 'TradingBusinessName'), text(buyer, 'DefinedTradeContact', 'PersonName')], buyerName),
        address: addresses.slice(1),
      },
    };
  }
  if (UBL_ROOT.test(xml)) {
    const seller = block(xml, 'AccountingSupplierParty', 'Party');
    const buyer = block(xml, 'AccountingCustomerParty', 'Party');
    const nameOf = (p: string | null) => text(p, 'PartyName', 'Name') ?? text(p, 'PartyLegalEntity', 'RegistrationName');
    const addresses = addressForms(ublPostal(buyer));
    const sellerName = nameOf(seller);
    const buyerName = nameOf(buyer);
    return {
      syntax: 'UBL',
      fields: {
        doc_type: 'invoice',
        issuer: sellerName,
        name: buyerName,
        address: addresses[0] ?? null,
        document_date: isoDate(text(xml, 'IssueDate')),
        account_number: firstIban(xml),
        currency: text(xml, 'DocumentCurrencyCode'),
      },
      alternatives: {
        issuer: distinct([text(seller, 'PartyLegalEntity', 'RegistrationName')], sellerName),
        name: distinct([text(buyer, 'PartyLegalEntity', 'RegistrationName')], buyerName),
        address: addresses.slice(1),
      },
    };
  }
  return null;
}
