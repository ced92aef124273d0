/**
 * EXIF/XMP/IPTC via exifr (offline, in memory). Kept per segment so that detectors can tell an
 * EXIF ModifyDate from an XMP ModifyDate; values are not revived so dates stay as written and
 * do not depend on the machine's time zone.
 */
import { loadExifr, type ExifrLib } from '../../lazy-libraries.js';

export type MetadataSegments = Record<string, Record<string, unknown>>;

const OPTIONS = {
  tiff: true,
  ifd1: true,
  exif: true,
  gps: true,
  interop: false,
  // XMP is parsed from the packet our own readers extract (exifr misses PNG iTXt XMP and merges
  // the XMP `exif:` namespace into the EXIF segment).
  xmp: false,
  iptc: true,
  icc: false,
  jfif: false,
  ihdr: true,
  makerNote: false,
  userComment: true,
  mergeOutput: false,
  reviveValues: false,
  translateValues: true,
  sanitize: true,
  multiSegment: true,
} as const;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

export async function readMetadataSegments(bytes: Uint8Array | null): Promise<MetadataSegments> {
  const exifr = await loadExifr();
  if (!bytes || bytes.length === 0) return {};
  try {
    const parsed: unknown = await exifr.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), OPTIONS);
    if (!isRecord(parsed)) return {};
    const out: MetadataSegments = {};
    for (const [k, v] of Object.entries(parsed)) if (isRecord(v)) out[k] = v;
    // exifr hands the EXIF UserComment back raw at top level; generators (AUTOMATIC1111) write
    // their parameters there, so decode it per the EXIF character-code header.
    const uc = parsed.userComment ?? out.exif?.UserComment;
    if (uc instanceof Uint8Array) out.exif = { ...(out.exif ?? {}), UserComment: decodeUserComment(uc) };
    return out;
  } catch {
    // Malformed metadata is common in real files and is not a reason to refuse the image.
    return {};
  }
}

type XmpParser = { parse(xml: string): unknown };

function xmpParser(exifr: ExifrLib): XmpParser | null {
  const parsers = (exifr as unknown as { segmentParsers?: Map<string, XmpParser> }).segmentParsers;
  const p = parsers?.get('xmp');
  return p && typeof p.parse === 'function' ? p : null;
}

/** XMP namespaces as segments named `xmp.<prefix>` (`xmp.xmp`, `xmp.exif`, `xmp.Iptc4xmpExt`...). */
export async function readXmpSegments(xml: string | null): Promise<MetadataSegments> {
  if (!xml) return {};
  const parser = xmpParser(await loadExifr());
  if (!parser) return {};
  try {
    const parsed = parser.parse(xml);
    if (!isRecord(parsed)) return {};
    const out: MetadataSegments = {};
    for (const [k, v] of Object.entries(parsed)) if (k !== 'xmlns' && isRecord(v)) out[`xmp.${k}`] = v;
    return out;
  } catch {
    return {};
  }
}

/** EXIF UserComment: 8-byte character code ("ASCII", "UNICODE", "JIS", or zeros) then the text. */
export function decodeUserComment(raw: Uint8Array): string {
  const code = Buffer.from(raw.subarray(0, 8)).toString('latin1').replace(/\0+$/, '');
  const body = Buffer.from(raw.subarray(raw.length >= 8 ? 8 : 0));
  if (code === 'UNICODE') {
    // UCS-2 with no stated byte order: ASCII-range text puts its zero bytes first in big-endian.
    let evenZeros = 0;
    let oddZeros = 0;
    for (let i = 0; i + 1 < body.length; i += 2) {
      if (body[i] === 0) evenZeros++;
      if (body[i + 1] === 0) oddZeros++;
    }
    const even = body.subarray(0, body.length - (body.length % 2));
    const le = evenZeros > oddZeros ? Buffer.from(even).swap16() : even;
    return le.toString('utf16le').replace(/\0+$/, '');
  }
  return body
    .toString(code === 'ASCII' ? 'latin1' : 'utf8')
    .replace(/\0+$/, '')
    .trim();
}

export async function readExifThumbnail(bytes: Uint8Array): Promise<Uint8Array | null> {
  const exifr = await loadExifr();
  try {
    const t = await exifr.thumbnail(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
    // A bad IFD1 offset makes some readers hand back the whole file; only a real embedded JPEG counts.
    if (!t || t.length < 4 || t.length >= bytes.length / 2 || t[0] !== 0xff || t[1] !== 0xd8) return null;
    return new Uint8Array(t);
  } catch {
    return null;
  }
}

/** EXIF (TIFF segments) first, then everything else, so `Software` means the EXIF tag when present. */
export function flattenSegments(segments: MetadataSegments): Record<string, unknown> {
  const order = ['ifd0', 'exif', 'gps', 'ihdr', 'iptc'];
  const keys = [...order.filter((k) => k in segments), ...Object.keys(segments).filter((k) => !order.includes(k) && k !== 'ifd1')];
  const out: Record<string, unknown> = {};
  for (const seg of keys) {
    for (const [k, v] of Object.entries(segments[seg])) if (!(k in out)) out[k] = v;
  }
  return out;
}
