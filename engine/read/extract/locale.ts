/**
 * Document-level hints: which currency the figures are in, and which day/month order numeric
 * dates follow (US documents write 04/03/2025 for April 3rd, most others for 4 March).
 */
import { ISO_CURRENCIES, currencyOfSymbol, ungarbledEuro } from './numbers.js';
import type { DateOrder } from './dates.js';

const SYMBOL_IN_TEXT = /(?:US\$|A\$|AU\$|C\$|CA\$|NZ\$|HK\$|S\$|R\$|[£€$¥₹₩₺₽₪₱฿₫₦]|zł|\bRs\.?(?=\s?\d))/gu;

/**
 * The currency the document's figures are in: ISO codes next to figures or after a "currency"
 * label count most, symbols next. Null when two currencies compete evenly.
 */
export function detectCurrency(raw: string): string | null {
  // A garbled euro sign next to a figure counts as one (engine/extract/numbers.ts).
  const text = ungarbledEuro(raw.includes('â‚¬') ? raw.replaceAll('â‚¬', '€') : raw);
  const votes = new Map<string, number>();
  const add = (code: string | null, w: number) => {
    if (code) votes.set(code, (votes.get(code) ?? 0) + w);
  };
  for (const m of text.matchAll(/\b(?:currency|währung|devise|valuta|moneda|beträge in|amounts in)\b\W{0,8}([A-Z]{3})\b/gi))
    add(ISO_CURRENCIES.has(m[1].toUpperCase()) ? m[1].toUpperCase() : null, 5);
  for (const m of text.matchAll(/\b([A-Z]{3})\s?(?=[-(]?\d[\d,.' ]*[.,]\d{2}\b)|(?<=\d[.,]\d{2})\s?([A-Z]{3})\b/g)) {
    const code = m[1] ?? m[2];
    add(ISO_CURRENCIES.has(code) ? code : null, 2);
  }
  for (const m of text.matchAll(SYMBOL_IN_TEXT)) add(currencyOfSymbol(m[0].replace(/\.$/, '')), 1);
  // "$" alone is the US dollar unless the document names another dollar.
  if (votes.has('USD') && !/US\$|\bUSD\b/.test(text)) {
    for (const alt of ['CAD', 'AUD', 'NZD', 'HKD', 'SGD']) {
      if (votes.has(alt)) {
        votes.set(alt, (votes.get(alt) ?? 0) + (votes.get('USD') ?? 0));
        votes.delete('USD');
        break;
      }
    }
  }
  const ranked = [...votes.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length) return null;
  if (ranked[1] && ranked[1][1] * 1.5 > ranked[0][1]) return null;
  return ranked[0][0];
}

const US_STATE =
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC),?\s+\d{5}(?:-\d{4})?\b/;

/** Day/month order suggested by region (US: month first); null when nothing points anywhere. */
export function regionDateOrder(text: string, currency: string | null): DateOrder | null {
  if (/\bUnited States\b|\bU\.S\.A\.?\b|\bUSA\b/.test(text) || US_STATE.test(text) || /\brouting (?:number|no\.?|#)/i.test(text)) return 'mdy';
  if (currency === 'USD') return 'mdy';
  if (currency) return 'dmy';
  return null;
}
