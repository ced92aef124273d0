/** Content is identified by magic bytes, never by filename (DECISIONS "HTTP details"). */
import type { MimeType } from '../types.js';

export function sniffMime(bytes: Uint8Array): MimeType | null {
  if (
    bytes.length >= 8 &&
    bytes[0] === 0x89 &&
    bytes[1] === 0x50 &&
    bytes[2] === 0x4e &&
    bytes[3] === 0x47 &&
    bytes[4] === 0x0d &&
    bytes[5] === 0x0a &&
    bytes[6] === 0x1a &&
    bytes[7] === 0x0a
  ) {
    return 'image/png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  // PDF readers accept a header anywhere in the first 1024 bytes.
  const head = Buffer.from(bytes.subarray(0, Math.min(bytes.length, 1024))).toString('latin1');
  if (head.includes('%PDF-')) return 'application/pdf';
  // Some real PDFs lost their header line (pdf.js and poppler open them): accept a file that
  // starts with PDF objects and ends with a cross-reference marker.
  if (/^(%[^\n\r]*[\r\n]+)?\s*\d+\s+\d+\s+obj\b/.test(head)) {
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
    if (tail.includes('%%EOF') || tail.includes('startxref')) return 'application/pdf';
  }
  return null;
}
