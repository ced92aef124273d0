/**
 * Dates as PDF files write them: Info dictionary dates (D:YYYYMMDDHHmmSSOHH'mm, ISO 32000 7.9.4)
 * and XMP (ISO 8601) dates, read into instants, and written back for people to read.
 */
export interface PdfDate {
  date: Date;
  /** Offset from UTC in minutes, or null when the string gave no zone. */
  tzMinutes: number | null;
}

/**
 * The Y2K form: writers that printed "19" followed by the C library's years-since-1900 wrote the
 * year 2000 as "19100" (Acrobat Distiller 3 and dvips-era tools: `D:191000612092411` is
 * 12 June 2000, `D:191001004080857` 4 October 2000). Read as four digits, the stamp is no
 * calendar date (its month, day or time is impossible); read so, it is a real one.
 * Returns the date string with the year written out (unchanged when it is not this form).
 */
export function fixY2kYear(raw: string): string {
  const m = /^(\s*(?:D:)?)19(1\d\d)(\d*)/i.exec(raw);
  if (!m) return raw;
  const fourDigit = `19${m[2]}${m[3]}`;
  const y2k = `${1900 + Number(m[2])}${m[3]}`;
  if (isCalendarStamp(fourDigit) || !isCalendarStamp(y2k)) return raw;
  return `${m[1]}${y2k}${raw.slice(m[0].length)}`;
}

/** Whether digits YYYYMMDD[HH[mm[SS]]] (more digits ignored) name a real day and time. */
function isCalendarStamp(digits: string): boolean {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?/.exec(digits);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return false;
  return Number(m[4] ?? 0) <= 23 && Number(m[5] ?? 0) <= 59 && Number(m[6] ?? 0) <= 60;
}

/** Parses a PDF date string; tolerant of the common deviations (missing D:, Z, apostrophes, the Y2K "19100" year). */
export function parsePdfDate(raw: string): PdfDate | null {
  const s = fixY2kYear(raw.trim()).replace(/^D:/i, '');
  const m = /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(?:([Zz])|([+-])\s*(\d{1,2})'?\s*(\d{2})?'?)?/.exec(s);
  if (!m) return null;
  const [y, mo = '01', d = '01', h = '00', mi = '00', se = '00'] = m.slice(1, 7);
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1900 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  let tz: number | null = null;
  if (m[7]) tz = 0;
  else if (m[8]) tz = (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10] ?? 0));
  const utc = Date.UTC(year, month - 1, day, Number(h), Number(mi), Number(se)) - (tz ?? 0) * 60_000;
  return { date: new Date(utc), tzMinutes: tz };
}

/** Parses an XMP (ISO 8601) date. */
export function parseXmpDate(raw: string): PdfDate | null {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/.exec(raw.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', z] = m;
  let tz: number | null = null;
  if (z === 'Z') tz = 0;
  else if (z) {
    const zz = z.replace(':', '');
    tz = (zz[0] === '-' ? -1 : 1) * (Number(zz.slice(1, 3)) * 60 + Number(zz.slice(3, 5)));
  }
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) - (tz ?? 0) * 60_000;
  if (!Number.isFinite(utc)) return null;
  return { date: new Date(utc), tzMinutes: tz };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A PDF or XMP date as a person reads it, in the zone the file wrote: "26 Jun 2026 01:47 UTC",
 * "26 Jun 2026 01:47 +02:00", or without a zone when the file gave none. A date-only XMP value
 * stays a date. Anything unparseable is returned as written, so nothing is hidden.
 */
export function formatPdfDateForPeople(raw: string | undefined): string {
  if (raw === undefined) return 'no date recorded';
  const trimmed = raw.trim();
  const dayOnly = /^\d{4}(?:-\d{2}(?:-\d{2})?)?$/.test(trimmed);
  const parsed = /^D:/i.test(trimmed) || /^\d{5,}/.test(trimmed) ? parsePdfDate(trimmed) : (parseXmpDate(trimmed) ?? parsePdfDate(trimmed));
  if (!parsed) return raw;
  // Shift to the written zone so the wall-clock time is the one in the file.
  const wall = new Date(parsed.date.getTime() + (parsed.tzMinutes ?? 0) * 60_000);
  const day = `${wall.getUTCDate()} ${MONTHS[wall.getUTCMonth()]} ${wall.getUTCFullYear()}`;
  if (dayOnly) return day;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  return `${day} ${time}${zoneForPeople(parsed.tzMinutes)}`;
}

function zoneForPeople(tz: number | null): string {
  if (tz === null) return '';
  if (tz === 0) return ' UTC';
  const abs = Math.abs(tz);
  return ` ${tz < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
