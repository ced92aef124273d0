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

// PDF and XMP dates are parsed in the kit so that text meant for people can format them too.
export { fixY2kYear, parsePdfDate, parseXmpDate, type PdfDate } from '../../../kit/dates.js';
