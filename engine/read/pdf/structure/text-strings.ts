/**
 * PDF text strings (ISO 32000 7.9.2.2): UTF-16BE with BOM, UTF-8 with BOM (PDF 2.0), otherwise
 * PDFDocEncoding. Also PDF dates (D:YYYYMMDDHHmmSSOHH'mm) as used in Info dictionaries.
 */

// PDFDocEncoding differs from Latin-1 in 0x18-0x1F and 0x80-0x9F (and 0xAD is undefined).
const PDFDOC_HIGH: Record<number, number> = {
  0x18: 0x02d8,
  0x19: 0x02c7,
  0x1a: 0x02c6,
  0x1b: 0x02d9,
  0x1c: 0x02dd,
  0x1d: 0x02db,
  0x1e: 0x02da,
  0x1f: 0x02dc,
  0x80: 0x2022,
  0x81: 0x2020,
  0x82: 0x2021,
  0x83: 0x2026,
  0x84: 0x2014,
  0x85: 0x2013,
  0x86: 0x0192,
  0x87: 0x2044,
  0x88: 0x2039,
  0x89: 0x203a,
  0x8a: 0x2212,
  0x8b: 0x2030,
  0x8c: 0x201e,
  0x8d: 0x201c,
  0x8e: 0x201d,
  0x8f: 0x2018,
  0x90: 0x2019,
  0x91: 0x201a,
  0x92: 0x2122,
  0x93: 0xfb01,
  0x94: 0xfb02,
  0x95: 0x0141,
  0x96: 0x0152,
  0x97: 0x0160,
  0x98: 0x0178,
  0x99: 0x017d,
  0x9a: 0x0131,
  0x9b: 0x0142,
  0x9c: 0x0153,
  0x9d: 0x0161,
  0x9e: 0x017e,
  0xa0: 0x20ac,
};

export function decodePdfText(bytes: Uint8Array): string {
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    const b = Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1)));
    return stripLang(b.swap16().toString('utf16le'));
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    // Not allowed by the spec but written by some tools.
    return stripLang(Buffer.from(bytes.subarray(2, 2 + ((bytes.length - 2) & ~1))).toString('utf16le'));
  }
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return Buffer.from(bytes.subarray(3)).toString('utf8');
  }
  let s = '';
  for (const c of bytes) s += String.fromCharCode(PDFDOC_HIGH[c] ?? c);
  return s;
}

/** UTF-16 text strings may carry an ESC-delimited language tag; it is not part of the text. */
function stripLang(s: string): string {
  return s.replace(/\u001b[^\u001b]*\u001b/g, '');
}

export interface PdfDate {
  date: Date;
  /** Offset from UTC in minutes, or null when the string gave no zone. */
  tzMinutes: number | null;
}

/**
 * The Y2K form: writers that printed "19" followed by the C library's years-since-1900 wrote the
 * year 2000 as "19100" (Acrobat Distiller 3 and dvips-era tools: `D:191000612092411` is
 * 12 June 2000). Read as four digits, its month is impossible; read so, it is a real date.
 * Returns the date string with the year written out (unchanged when it is not this form).
 */
export function fixY2kYear(raw: string): string {
  const m = /^(\s*(?:D:)?)19(1\d\d)(\d{2})/i.exec(raw);
  if (!m) return raw;
  const fourDigitMonth = Number(m[2].slice(2) + m[3][0]);
  const y2kMonth = Number(m[3]);
  if ((fourDigitMonth >= 1 && fourDigitMonth <= 12) || y2kMonth < 1 || y2kMonth > 12) return raw;
  return `${m[1]}${1900 + Number(m[2])}${raw.slice(m[0].length - 2)}`;
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
