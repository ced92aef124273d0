/**
 * Labels that head the customer's and the seller's blocks on invoices, statements, payslips and
 * bills, in English, German, French, Spanish, Italian and Dutch; and labels of a lone name or
 * address field ("Name:", "Address:").
 */
export const CUSTOMER_LABEL =
  /to(?=\s*:)|bill(?:ed)? to|billing (?:address|name)|invoice(?:d)? to|sold to|customer(?: name| details)?|client(?: name| details)?|account (?:holder|owner)s?(?: name)?|account name|statement (?:for|of)|prepared for|issued to|addressed to|recipient|employee(?: name)?|name of employee|member name|policy ?holder|tenant|guest name|deliver(?:y)? to|ship(?:ping)? to|rechnungs(?:empfänger|adresse)|käufer(?:\/leistungsempfänger)?|kunde|kundin|empfänger|kontoinhaber(?:in)?|mitarbeiter(?:in)?|arbeitnehmer(?:in)?|adresse de facturation|factur[ée] à|destinataire|titulaire(?: du compte)?|salarié|cliente|titular(?: de la cuenta)?|facturar a|destinatario|intestatario|intestato a|dipendente|factuuradres|factuur aan|klant|rekeninghouder|werknemer|geadresseerde/i;
export const SELLER_LABEL =
  /sold by|seller|supplier|vendor|from|issued by|verkäufer|rechnungsersteller|lieferant|absender|vendeur|fournisseur|émetteur|emisor|proveedor|fornitore|leverancier|afzender/i;

/** A field holding the customer's name alone. */
export const NAME_LABEL = /(?:full |customer |client |account |employee )?name|nom(?: et prénom| du client)?|nombre|nome|naam/i;
/** A field holding the customer's postal address (one line or several under each other). */
export const ADDRESS_LABEL =
  /(?:postal |mailing |home |billing |customer |correspondence |residential |current )?address|anschrift|adresse|dirección|domicilio|indirizzo|adres/i;

/** A cell that is nothing but such a label ("Bill to:", "Käufer :", "PREPARED FOR"). */
export function isPartyLabel(text: string): boolean {
  const t = text.trim().replace(/\s*:$/, '');
  return new RegExp(`^(?:${CUSTOMER_LABEL.source}|${SELLER_LABEL.source}|${NAME_LABEL.source}|${ADDRESS_LABEL.source})$`, 'i').test(t);
}
