/**
 * The line of a postal address that carries the postcode, in the shapes of the countries whose
 * documents we read: UK and Irish codes after the town (or alone), US state + ZIP, Canadian
 * codes, the continental "12345 Town" (with country prefixes, Dutch letters, Polish and
 * Portuguese hyphens, Italian provinces, French CEDEX), and "Town 12345".
 */
const TOWN = String.raw`\p{Lu}[\p{L}\p{M}.'’-]+(?:[ -]\p{L}[\p{L}\p{M}.'’-]*){0,3}`;

const POSTCODE_LINE: RegExp[] = [
  /\b(?:GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b/, // UK
  /\b(?:AL|AK|AZ|AR|CA|CO|CT|DE|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY|DC)\.?,?\s+\d{5}(?:-\d{4})?$/, // US
  /\b(?:Alabama|Alaska|Arizona|Arkansas|California|Colorado|Connecticut|Delaware|Florida|Georgia|Hawaii|Idaho|Illinois|Indiana|Iowa|Kansas|Kentucky|Louisiana|Maine|Maryland|Massachusetts|Michigan|Minnesota|Mississippi|Missouri|Montana|Nebraska|Nevada|New Hampshire|New Jersey|New Mexico|New York|North Carolina|North Dakota|Ohio|Oklahoma|Oregon|Pennsylvania|Rhode Island|South Carolina|South Dakota|Tennessee|Texas|Utah|Vermont|Virginia|Washington|West Virginia|Wisconsin|Wyoming),?\s+\d{5}(?:-\d{4})?$/, // US, state written out
  /\b[A-Z]\d[A-Z] ?\d[A-Z]\d\b/, // Canada
  /\b(?:[AC-FHKNPRTV-Y]\d{2}|D6W) ?[0-9AC-FHKNPRTV-Y]{4}$/, // Ireland (Eircode)
  // 12345 Berlin, D-12345 Stadt, 3500 MJ Utrecht, 00-950 Warszawa, 1000-001 Lisboa, 00184 Roma RM, 20121 Milano (MI), 75008 Paris Cedex 08
  new RegExp(
    String.raw`^(?:[A-Z]{1,2}[- ])?(?:\d{4,5}(?: [A-Z]{2})?|\d{2}-\d{3}|\d{4}-\d{3})\s+${TOWN}(?:\s+\(\p{Lu}{2}\))?(?:\s+(?:CEDEX|Cedex)(?:\s+\d{1,2})?)?$`,
    'u',
  ),
  new RegExp(String.raw`^${TOWN},?\s+\d{4,6}$`, 'u'), // Paris 75011, City 560067
];

export const COUNTRY_LINE =
  /^(?:United Kingdom|UK|Great Britain|England|Scotland|Wales|Northern Ireland|United States(?: of America)?|USA|U\.S\.A\.|Canada|Ireland|Éire|Deutschland|Germany|Deutschland \/ Germany|France|Nederland|Netherlands|The Netherlands|Belgi(?:um|ë|que)|Österreich|Austria|Schweiz|Switzerland|Suisse|Svizzera|España|Spain|Italia|Italy|Portugal|Polska|Poland|Luxembourg|India|Australia)$/i;

/**
 * "1600 Main Street" looks like "8001 Zürich"; a street word says it is a street line. The word
 * must stand alone: the "PL" of a postcode such as "YO19 1PL" is not "Place".
 */
const STREET_WORD =
  /(?<=\s)(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|terrace|close|crescent|parkway|pkwy|highway|hwy|square|sq)\.?$|(?:straße|strasse|str\.|weg|gasse|allee|platz)$|^\d+\s+(?:rue|avenue|boulevard|place|chemin|impasse|allée|quai)\b/iu;

/** "PO Box 1234" and "Postfach 1234" look like "Town 12345". */
const PO_BOX = /^(?:P\.?\s?O\.?\s?Box|Post Office Box|Postfach|Postbus|B\.?P\.?|Boîte postale|Apartado(?: de correos)?|Casella postale|C\.P\.)\s*\d+$/i;

function isPostcodeLine(t: string): boolean {
  return POSTCODE_LINE.some((re) => re.test(t)) && !STREET_WORD.test(t) && !PO_BOX.test(t);
}

/** A line ending in a postcode; a one-line address ("Hauptstraße 5, 10115 Berlin") counts by its last parts. */
export function hasPostcode(text: string): boolean {
  const t = text.trim();
  if (t.length > 90 || /@|https?:|www\./i.test(t)) return false;
  if (t.length <= 60 && isPostcodeLine(t)) return true;
  const parts = t.split(/\s*,\s*/);
  return parts.length >= 2 && (isPostcodeLine(parts[parts.length - 1]) || (parts.length >= 3 && isPostcodeLine(parts.slice(-2).join(', '))));
}
