/**
 * A small JPEG marker walker: we need the quantisation tables, frame header, APPn segments,
 * comments, XMP and C2PA JUMBF exactly as written in the file, which decoders (sharp) and
 * metadata readers (exifr) do not expose. It never decodes entropy-coded data and never
 * throws: truncated or malformed files yield whatever was read before the damage.
 */

export interface JpegSegment {
  /** Marker byte after 0xFF (0xE0..0xEF for APP0..APP15). */
  marker: number;
  /** Offset of the 0xFF of the marker. */
  offset: number;
  /** Payload length (without the 2 length bytes). */
  length: number;
  /** First bytes of the payload as latin1, for identification (`JFIF`, `Exif`, `http://ns.adobe.com/xap/1.0/`). */
  id: string;
}

export interface JpegFrame {
  /** SOF marker (0xC0 baseline, 0xC1 extended, 0xC2 progressive, ...). */
  marker: number;
  precision: number;
  width: number;
  height: number;
  components: Array<{ id: number; h: number; v: number; tq: number }>;
}

export interface JpegStructure {
  /** Quantisation tables by table id (0..3), natural zig-zag order as stored; later definitions win. */
  quantTables: number[][];
  frame: JpegFrame | null;
  progressive: boolean;
  appSegments: JpegSegment[];
  comments: string[];
  /** XMP packet(s) joined (standard packet followed by extended XMP if any). */
  xmp: string | null;
  /** C2PA manifest store reassembled from APP11 JPEG-XT boxes (JUMBF superbox), or null. */
  jumbf: Uint8Array | null;
  /** True when the scan was reached (SOS seen). */
  reachedScan: boolean;
  /** True when an EOI marker follows the scan. */
  hasEoi: boolean;
  /** Bytes after the last EOI (appended data), 0 when EOI is missing. */
  trailingBytes: number;
}

const XMP_ID = 'http://ns.adobe.com/xap/1.0/\0';
const XMP_EXT_ID = 'http://ns.adobe.com/xmp/extension/\0';

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.max(0, Math.min(end, bytes.length) - start)).toString('latin1');
}

function parseDqt(bytes: Uint8Array, start: number, end: number, tables: number[][]): void {
  let p = start;
  while (p < end) {
    const pq = bytes[p] >> 4;
    const tq = bytes[p] & 0x0f;
    p++;
    const size = pq ? 128 : 64;
    if (p + size > end || tq > 3) return;
    const t: number[] = new Array(64);
    for (let i = 0; i < 64; i++) t[i] = pq ? (bytes[p + 2 * i] << 8) | bytes[p + 2 * i + 1] : bytes[p + i];
    tables[tq] = t;
    p += size;
  }
}

function parseSof(bytes: Uint8Array, marker: number, start: number, end: number): JpegFrame | null {
  if (end - start < 6) return null;
  const n = bytes[start + 5];
  const components: JpegFrame['components'] = [];
  for (let i = 0; i < n && start + 6 + 3 * i + 2 < end; i++) {
    const q = start + 6 + 3 * i;
    components.push({ id: bytes[q], h: bytes[q + 1] >> 4, v: bytes[q + 1] & 0x0f, tq: bytes[q + 2] });
  }
  return {
    marker,
    precision: bytes[start],
    height: (bytes[start + 1] << 8) | bytes[start + 2],
    width: (bytes[start + 3] << 8) | bytes[start + 4],
    components,
  };
}

/**
 * APP11 "JP" segments (ISO 19566-5 / C2PA): CI(2) 'JP', En(2) instance, Z(4) sequence, then a
 * box header (LBox + TBox [+ XLBox]) repeated in every segment of the same instance; payloads
 * after the first are appended without their repeated header.
 */
function collectJumbf(parts: Array<{ en: number; z: number; body: Uint8Array }>): Uint8Array | null {
  if (parts.length === 0) return null;
  const byInstance = new Map<number, Array<{ z: number; body: Uint8Array }>>();
  for (const p of parts) {
    const list = byInstance.get(p.en) ?? [];
    list.push(p);
    byInstance.set(p.en, list);
  }
  for (const list of byInstance.values()) {
    list.sort((a, b) => a.z - b.z);
    const first = list[0].body;
    if (first.length < 8) continue;
    const type = latin1(first, 4, 8);
    if (type !== 'jumb') continue;
    const lbox = ((first[0] << 24) >>> 0) + (first[1] << 16) + (first[2] << 8) + first[3];
    const headerLen = lbox === 1 ? 16 : 8;
    const chunks = [first, ...list.slice(1).map((p) => p.body.subarray(headerLen))];
    const out = Buffer.concat(chunks);
    // Only the manifest store (label "c2pa") is of interest; other JUMBF users are ignored.
    if (latin1(out, 0, Math.min(out.length, 64)).includes('c2pa')) return new Uint8Array(out);
  }
  return null;
}

export function parseJpegMarkers(bytes: Uint8Array): JpegStructure {
  const out: JpegStructure = {
    quantTables: [],
    frame: null,
    progressive: false,
    appSegments: [],
    comments: [],
    xmp: null,
    jumbf: null,
    reachedScan: false,
    hasEoi: false,
    trailingBytes: 0,
  };
  const jumbfParts: Array<{ en: number; z: number; body: Uint8Array }> = [];
  let xmpMain: string | null = null;
  const xmpExt: Array<{ offset: number; text: string }> = [];
  let p = 2;
  while (p + 4 <= bytes.length) {
    if (bytes[p] !== 0xff) break;
    const marker = bytes[p + 1];
    if (marker === 0xff) {
      p++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += 2;
      continue;
    }
    if (marker === 0xd9) break;
    const len = (bytes[p + 2] << 8) | bytes[p + 3];
    if (len < 2) break;
    const start = p + 4;
    const end = Math.min(p + 2 + len, bytes.length);
    if (marker >= 0xe0 && marker <= 0xef) {
      out.appSegments.push({ marker, offset: p, length: len - 2, id: latin1(bytes, start, Math.min(end, start + 40)) });
      const head = latin1(bytes, start, Math.min(end, start + XMP_EXT_ID.length));
      if (marker === 0xe1 && head.startsWith(XMP_ID)) xmpMain = latin1(bytes, start + XMP_ID.length, end);
      else if (marker === 0xe1 && head.startsWith(XMP_EXT_ID)) {
        // GUID(32) full length(4) offset(4) then the chunk.
        const q = start + XMP_EXT_ID.length + 32;
        if (q + 8 <= end) {
          const off = ((bytes[q + 4] << 24) >>> 0) + (bytes[q + 5] << 16) + (bytes[q + 6] << 8) + bytes[q + 7];
          xmpExt.push({ offset: off, text: latin1(bytes, q + 8, end) });
        }
      } else if (marker === 0xeb && end - start > 8 && bytes[start] === 0x4a && bytes[start + 1] === 0x50) {
        const en = (bytes[start + 2] << 8) | bytes[start + 3];
        const z = ((bytes[start + 4] << 24) >>> 0) + (bytes[start + 5] << 16) + (bytes[start + 6] << 8) + bytes[start + 7];
        jumbfParts.push({ en, z, body: bytes.subarray(start + 8, end) });
      }
    } else if (marker === 0xdb) {
      parseDqt(bytes, start, end, out.quantTables);
    } else if (marker === 0xfe) {
      out.comments.push(latin1(bytes, start, end));
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      out.frame ??= parseSof(bytes, marker, start, end);
      if (marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce) out.progressive = true;
    } else if (marker === 0xda) {
      out.reachedScan = true;
      // Progressive files carry further DQT/DHT between scans; keep walking after each scan.
      p = skipEntropyData(bytes, end);
      continue;
    }
    p = p + 2 + len;
  }
  const eoi = lastEoi(bytes);
  if (out.reachedScan && eoi >= 0) {
    out.hasEoi = true;
    out.trailingBytes = bytes.length - (eoi + 2);
  }
  if (xmpMain !== null || xmpExt.length > 0) {
    xmpExt.sort((a, b) => a.offset - b.offset);
    out.xmp = [xmpMain ?? '', ...xmpExt.map((x) => x.text)].join('\n');
  }
  out.jumbf = collectJumbf(jumbfParts);
  return out;
}

/** Index of the next marker after entropy-coded data (skipping stuffed 0xFF00 and RSTn). */
function skipEntropyData(bytes: Uint8Array, from: number): number {
  let p = from;
  while (p + 1 < bytes.length) {
    if (bytes[p] === 0xff) {
      const m = bytes[p + 1];
      if (m !== 0x00 && !(m >= 0xd0 && m <= 0xd7) && m !== 0xff) return p;
    }
    p++;
  }
  return bytes.length;
}

function lastEoi(bytes: Uint8Array): number {
  // Camera files often append a second image (MPF, previews); "after the last EOI" is what matters.
  for (let p = bytes.length - 2; p >= 2; p--) {
    if (bytes[p] === 0xff && bytes[p + 1] === 0xd9) return p;
  }
  return -1;
}
