/**
 * Text that shows how something looks rather than stating a fact: printed program source (a
 * package's changelog comment "% FMi 2019-09-31 allow local title" in a documented listing) and
 * an unfilled template (a title page whose name, birthplace and year are still "(Geburtsort)",
 * "Vorname und Name", "(aktuelles Jahr)"). A date there is a programmer's note or a sample value:
 * no one is told it is the date of anything. An issued document fills its fields and carries no
 * source code around its dates.
 */
import type { Line } from '../../read/extract/layout.js';

/** A line of printed source that is a comment: an optional listing line number, then a comment sign. */
const SOURCE_COMMENT = /^\s*(?:\d{1,5}\s+)?(?:%|#|\/\/|\/\*|--\s|;;?\s|!\s)/;

/** Program text: a TeX control word, a brace, a statement end, an assignment. */
const CODE = /\\[A-Za-z@]{2,}|[{}]|;\s*$|^\s*(?:\d{1,5}\s+)?[A-Za-z_$][\w.$]*\s*(?:=|\()/;

/** A printed markup command with its argument: `\date{29. Februar 1998}` in a LaTeX primer. */
const SOURCE_COMMAND = /^\s*(?:\d{1,5}\s+)?\\[A-Za-z@]{2,}\*?\s*(?:\[[^\]]*\]\s*)?\{/;

/**
 * The line is printed program text: a markup command quoting the value as its argument, or a
 * comment in a listing (it reads as a comment and a line next to it on its page is program text
 * or another comment of the listing).
 */
export function inSourceListing(lines: readonly Line[], i: number): boolean {
  const line = lines[i];
  if (SOURCE_COMMAND.test(line.text)) return true;
  if (!SOURCE_COMMENT.test(line.text)) return false;
  for (const j of [i - 2, i - 1, i + 1, i + 2]) {
    const other = lines[j];
    if (!other || other.page !== line.page) continue;
    if (CODE.test(other.text)) return true;
  }
  return false;
}

/** Field words a template leaves in brackets for its user to replace: "(Geburtsort)", "[Name]", "<date>". */
const FIELD = String.raw`(?:name|vorname|nachname|first ?name|last ?name|surname|geburtsort|geburtsdatum|place of birth|date of birth|birthplace|ort|city|jahr|year|datum|date|titel|title|autor|author|adresse|address|unterschrift|signature|matrikelnummer|student id|fakult(?:ä|a)t|faculty|institut|institute|universit(?:ä|a)t|university|department|abteilung|firma|company)`;
const BRACKETED_FIELD = new RegExp(String.raw`[(\[<]\s*(?:[\p{L}.]+\s+){0,2}${FIELD}\s*[)\]>]`, 'giu');

/** Fill-in phrases and specimen names of templates and sample documents. */
const PLACEHOLDER_PHRASES = [
  /\bvorname\s+(?:und\s+)?(?:nach)?name\b/i,
  /\bfirst\s*name\s+(?:and\s+)?(?:last\s*name|surname)\b/i,
  /\byour\s+name\b/i,
  /\bname\s+(?:des|der|of\s+(?:the|your))\s+\p{L}+/iu,
  /\blorem\s+ipsum\b/i,
  /\b(?:max|erika)\s+mustermann\b/i,
  // German specimen names and places: Mustermann, Musterfrau, Musterstadt, Musterhausen...
  /\bmuster(?:mann|frau|stadt|hausen|heim|dorf|stra(?:ß|ss)e|str\.|weg|firma)(?!\p{L})/iu,
  /\b(?:john|jane)\s+doe\b/i,
];

/**
 * The page shows an unfilled template: at least two distinct placeholders (bracketed field
 * words, fill-in phrases, specimen names) on it. One could be a quotation; a page of them is a
 * specimen of the form, and its dates are sample values.
 */
export function specimenPages(lines: readonly Line[]): Set<number> {
  const markers = new Map<number, Set<string>>();
  for (const line of lines) {
    const found = [...line.text.matchAll(BRACKETED_FIELD)].map((m) => m[0].toLowerCase());
    for (const re of PLACEHOLDER_PHRASES) {
      const m = re.exec(line.text);
      if (m) found.push(m[0].toLowerCase());
    }
    if (found.length === 0) continue;
    const set = markers.get(line.page) ?? new Set<string>();
    for (const f of found) set.add(f.replace(/\s+/g, ' '));
    markers.set(line.page, set);
  }
  return new Set([...markers].filter(([, s]) => s.size >= 2).map(([page]) => page));
}

/**
 * A specimen number: templates and manuals fill an account or card field with counting digits
 * ("BE01 2345 6789 0123", "BE98 7654 3210 9876") or one repeated digit. A forged number has to
 * pass for a real one, so it is never made so; such a value says the page is a specimen.
 */
export function specimenDigits(value: string): boolean {
  const d = value.replace(/\D/g, '');
  if (d.length < 8) return false;
  let best = 1;
  let tail = 1;
  for (const step of [0, 1, 9]) {
    let run = 1;
    for (let i = 1; i < d.length; i++) {
      run = (Number(d[i]) - Number(d[i - 1]) + 10) % 10 === step ? run + 1 : 1;
      best = Math.max(best, run);
    }
    tail = Math.max(tail, run);
  }
  // Most of the number in one run (a bank code or check part may stand apart), or the whole
  // account number at its end: a German specimen pairs a bank code, real or made up, with the
  // account "9999999999" or "0001234567" (Kto.Nr. 1234567), and no account number passes for
  // real with seven counting or equal digits to close it.
  return best >= Math.max(8, Math.ceil(d.length * 0.7)) || tail >= SPECIMEN_ACCOUNT_RUN;
}

/** Digits that close a specimen account number in one run: the shortest national account numbers written so have seven. */
const SPECIMEN_ACCOUNT_RUN = 7;
