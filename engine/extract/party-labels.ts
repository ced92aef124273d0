/** Labels that head the customer's and the seller's blocks on invoices, statements, payslips. */
export const CUSTOMER_LABEL = /bill(?:ed|ing)? to|invoice(?:d)? to|sold to|customer(?: name| details)?|client(?: name)?|account (?:holder|name)|employee(?: name)?|name of employee|guest name|billing address|rechnungs(?:empfänger|adresse)|käufer(?:\/leistungsempfänger)?|kunde|factuuradres|adresse de facturation|destinataire|deliver(?:y)? to|ship(?:ping)? to/i;
export const SELLER_LABEL = /sold by|seller|supplier|vendor|from|issued by|verkäufer|rechnungsersteller|lieferant|vendeur|fournisseur/i;

/** A cell that is nothing but such a label ("Bill to:", "Käufer :"). */
export function isPartyLabel(text: string): boolean {
  const t = text.trim().replace(/\s*:$/, '');
  return new RegExp(`^(?:${CUSTOMER_LABEL.source}|${SELLER_LABEL.source})$`, 'i').test(t);
}
