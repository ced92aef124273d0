/**
 * Names as printed on documents: a person's name (with courtesy titles in several languages),
 * an organisation with a legal-entity suffix, or a plain organisation name on an addressee
 * line. Each test is strict on purpose: a wrong name is worse than none.
 */

const SUFFIX = String.raw`(?:Ltd\.?|Limited|LLC|L\.L\.C\.|Inc\.?|Incorporated|Corp\.?|Corporation|plc|PLC|LLP|GmbH(?: & Co\.? KG)?|AG|KGaA|KG|OHG|e\.K\.|UG|S\.A\.S?\.?|SAS|SARL|S\.à r\.l\.|B\.V\.?|BV|N\.V\.|NV|S\.p\.A\.|S\.r\.l\.|S\.L\.|SL|Pty\.? Ltd\.?|Pvt\.? Ltd\.?|Private Limited|Oy|AB|SA|A/S|ASA|Bank|Building Society|Credit Union|Bancorp|Banque|Sparkasse|Volksbank|Co\.|Co|Company|& Sons)`;
const ENTITY = new RegExp(
  String.raw`(?:^|[^\p{L}&'’.-])((?:\p{Lu}[\p{L}\d&'’.-]*|&|and|of|the|de|du|und)(?:\s+(?:\p{Lu}[\p{L}\d&'’.-]*|&|and|of|the|de|du|und)){0,5}\s+${SUFFIX})(?=$|[\s,;:•|)])`,
  'u',
);

/**
 * Courtesy and academic titles before a name (English, German, French, Spanish, Italian,
 * Dutch). Forms that are also first names or initials ("Don", "D", "M") only count with
 * their full stop, and a title is only removed when a full name remains after it.
 */
const TITLE =
  /^(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Herrn?|Frau|Mme|Mlle|Monsieur|Madame|Mademoiselle|Sr|Sra|Srta|Dña|Sig(?:\.ra|\.na|ra|na)?|Dott(?:\.ssa|ssa)?|Avv|Ing|Dhr|Mevr|Mw|De heer|Mevrouw|M\.|D\.)\.?\s+/i;

/** A line that is only the salutation of the name under it ("Herrn", "Mr and Mrs"). */
export const SALUTATION_LINE =
  /^(?:Herrn?|Frau|Familie|Firma|An|Monsieur|Madame|Messieurs|Mr\.? (?:and|&) Mrs\.?|Spett(?:\.le|abile)|Sig(?:\.|nor)?|Dhr\.?|Mevr\.?|De heer|Mevrouw|Señor|Señora|Sr\.?|Sra\.?)\s*$/i;

const NOT_A_NAME =
  /\b(?:invoice|statement|account|bank|page|total|date|balance|receipt|payslip|tax|number|customer|address|summary|period|amount|details|reference|order|limited|ltd|gmbh|plc|inc|llc|co|company|street|road|avenue|lane|str\.|strasse|straße|united|kingdom|states|prepared|for|to|from|bill|billed|sold|ship|deliver|service|services|supply|office|energy|power|water|gas|electric|insurance|payroll|employer|employee|holder|name|client|attn|attention|box|rechnung|konto|facture|factura|fattura|factuur)\b|\d|@|:/i;

/** Removes courtesy titles while at least two words remain ("D. Smith" keeps its initial). */
export function stripTitles(text: string): string {
  let t = text.trim();
  for (let i = 0; i < 3; i++) {
    const m = TITLE.exec(t);
    if (!m) break;
    const rest = t.slice(m[0].length).trim();
    if (rest.split(/\s+/).length < 2) break;
    t = rest;
  }
  return t;
}

/** A person's name as printed on an address block or after a name label. */
export function personName(text: string, allowSingleWord = false): string | null {
  const t = text.trim().replace(/[,;]$/, '');
  const stripped = stripTitles(t);
  if (NOT_A_NAME.test(stripped) || stripped.length > 50 || ENTITY.test(stripped)) return null;
  const words = stripped.split(/\s+/);
  if (words.length < (allowSingleWord ? 1 : 2) || words.length > 5) return null;
  if (!words.every((w) => /^(?:\p{Lu}[\p{L}\p{M}'’.-]*|van|von|de|der|den|del|della|di|da|dos|du|la|le|y|bin|al|ter|ten)$/u.test(w))) return null;
  // At least two words of letters beyond initials ("J. de Vries" has one: allowed with a particle).
  if (!allowSingleWord && words.filter((w) => /^\p{Lu}[\p{L}\p{M}'’-]{1,}$/u.test(w.replace(/\.$/, '')) && !/\.$/.test(w)).length < 1) return null;
  return stripped;
}

export function entityName(text: string): string | null {
  const m = ENTITY.exec(text);
  if (!m) return null;
  const name = m[1].replace(/^(?:the|and|of)\s+/i, '').trim();
  // "Bank Account", "Bank" alone and similar labels are not an organisation.
  return /\s/.test(name) && !/^(?:Bank|Your|Our|Account|Sort|Pay|Paid)\b/i.test(name) ? name : null;
}

/** An addressee line that is an organisation rather than a person. */
export function orgName(text: string): string | null {
  const t = text.trim().replace(/,$/, '');
  if (entityName(t)) return t;
  const words = t.split(/\s+/).length;
  return /^[\p{Lu}][\p{L}\p{M}&'’. -]{1,40}$/u.test(t) && !/[.:]$/.test(t) && words >= 2 && words <= 5 && !NOT_AN_ORG.test(t) && !isCaption(t) ? t : null;
}

/** Words that make a line a label, a title or an address rather than an organisation's name. */
const NOT_AN_ORG =
  /\b(?:invoice|statement|account|page|total|date|balance|receipt|payslip|tax|number|summary|period|amount|details|reference|order|street|road|avenue|lane|prepared|bill|billed|sold|ship|deliver|attn|attention|rechnung|konto|facture|factura|fattura|factuur|united|kingdom|states)\b|\d|@|:/i;

/** The line starts with a courtesy title ("Mrs A Smith"). */
export function hasTitle(text: string): boolean {
  return TITLE.test(text.trim()) && stripTitles(text) !== text.trim();
}

/** Lines such as "PREPARED FOR", "BILL TO", "Account holder" that head a block rather than name anyone. */
export function isCaption(text: string): boolean {
  return /^(?:prepared|statement|issued|addressed|invoice|bill(?:ed)?|sold|ship(?:ped)?|deliver(?:ed|y)?|sent|made out|customer|client|account|recipient|your|to|for|attn|attention|details)\b/i.test(
    text.trim(),
  );
}
