import { describe, expect, it } from 'vitest';
import { einvoiceTruth } from '../lab/eval/einvoice-truth.js';
import { fieldScores } from '../lab/metrics/extraction.js';

const CII = `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:x" xmlns:udt="urn:y">
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID>471102</ram:ID><ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20241115</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedTradeProduct><ram:Name>Trennblätter A4</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:GlobalID schemeID="0088">4000001123452</ram:GlobalID><ram:Name>Lieferant GmbH</ram:Name>
        <ram:PostalTradeAddress><ram:PostcodeCode>80333</ram:PostcodeCode><ram:LineOne>Lieferantenstraße 20</ram:LineOne><ram:CityName>München</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:ID>GE2020211</ram:ID><ram:Name>Kunden AG Mitte &amp; Co.</ram:Name>
        <ram:DefinedTradeContact><ram:PersonName>Hans Muster</ram:PersonName></ram:DefinedTradeContact>
        <ram:PostalTradeAddress><ram:PostcodeCode>69876</ram:PostcodeCode><ram:LineOne>Kundenstraße 15</ram:LineOne><ram:LineTwo>Hof 3</ram:LineTwo><ram:CityName>Frankfurt</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;

const UBL = `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:c" xmlns:cbc="urn:b">
  <cbc:ID>F-7</cbc:ID><cbc:IssueDate>2018-12-31</cbc:IssueDate><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyName><cbc:Name>Au bon moulin</cbc:Name></cac:PartyName></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party>
    <cac:PostalAddress><cbc:StreetName>35 rue de la République</cbc:StreetName><cbc:CityName>Lyon</cbc:CityName><cbc:PostalZone>69001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    <cac:PartyLegalEntity><cbc:RegistrationName>Ma jolie boutique</cbc:RegistrationName></cac:PartyLegalEntity>
  </cac:Party></cac:AccountingCustomerParty>
</Invoice>`;

describe('e-invoice truth from the attached XML', () => {
  it('CII: the seller is the issuer, the buyer the name and address (lines, then postcode and town), the date as YYYY-MM-DD', () => {
    const t = einvoiceTruth(CII)!;
    expect(t.syntax).toBe('CII');
    expect(t.fields).toEqual({
      doc_type: 'invoice',
      issuer: 'Lieferant GmbH',
      name: 'Kunden AG Mitte & Co.',
      address: 'Kundenstraße 15, Hof 3, 69876 Frankfurt',
      document_date: '2024-11-15',
      account_number: 'DE02120300000000202051',
      currency: 'EUR',
    });
    // The printed forms: country code before the postcode, a country line under the address.
    expect(t.alternatives.address).toContain('Kundenstraße 15, Hof 3, DE 69876 Frankfurt');
    expect(t.alternatives.address).toContain('Kundenstraße 15, Hof 3, 69876 Frankfurt, Deutschland');
    expect(t.alternatives.name).toEqual(['Hans Muster']);
  });

  it('UBL: the customer party, the registration name where no party name is given', () => {
    const t = einvoiceTruth(UBL)!;
    expect(t.fields.issuer).toBe('Au bon moulin');
    expect(t.fields.name).toBe('Ma jolie boutique');
    expect(t.fields.address).toBe('35 rue de la République, 69001 Lyon');
    expect(t.fields.document_date).toBe('2018-12-31');
    expect(t.fields.account_number).toBeNull();
  });

  it('an order is not an invoice; scores use the lab rules and alternatives', () => {
    expect(einvoiceTruth('<rsm:SCRDMCCBDACIOMessageStructure xmlns:rsm="urn:x"/>')).toBeNull();
    const t = einvoiceTruth(CII)!;
    const [, , name, address] = fieldScores([
      {
        truth: t.fields,
        extracted: { ...t.fields, name: 'KUNDEN AG MITTE & CO', address: 'Kundenstraße 15, Hof 3, 69876 Frankfurt, Deutschland' },
        alternatives: t.alternatives,
      },
    ]);
    expect([name.correct, address.correct]).toEqual([1, 1]);
  });
});
