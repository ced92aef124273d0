/**
 * Synthetic document images for image/provenance detector tests: a white page with text drawn
 * by sharp's SVG renderer, plus derivations a forger would make (cloned regions, recompression,
 * injected metadata chunks). Deterministic: the same arguments give the same bytes.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export interface PageOptions {
  width?: number;
  height?: number;
  /** Seed for the generated figures so pages differ between calls. */
  seed?: number;
  /** Light paper grain: scans and photos are never perfectly flat. */
  noise?: boolean;
}

export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** SVG of a statement-like page: header, table rules, lines of text and amounts. */
export function statementSvg({ width = 1000, height = 1300, seed = 1 }: PageOptions = {}): string {
  const r = rng(seed);
  const words = ['Payment', 'Transfer', 'Card', 'Salary', 'Grocery', 'Rent', 'Utilities', 'Refund', 'Fee', 'Interest', 'Insurance', 'Fuel'];
  const rows: string[] = [];
  const lineH = Math.round(height / 34);
  for (let i = 0; i < 22; i++) {
    const y = Math.round(height * 0.22) + i * lineH;
    const day = String(1 + Math.floor(r() * 28)).padStart(2, '0');
    const amount = (r() * 9000 + 10).toFixed(2);
    const balance = (r() * 90000 + 100).toFixed(2);
    const word = words[Math.floor(r() * words.length)];
    const ref = Math.floor(r() * 1e8)
      .toString()
      .padStart(8, '0');
    rows.push(
      `<text x="${width * 0.06}" y="${y}" font-size="${lineH * 0.55}">${day}/03/2024</text>`,
      `<text x="${width * 0.22}" y="${y}" font-size="${lineH * 0.55}">${word} ${ref}</text>`,
      `<text x="${width * 0.62}" y="${y}" font-size="${lineH * 0.55}" text-anchor="end">${amount}</text>`,
      `<text x="${width * 0.92}" y="${y}" font-size="${lineH * 0.55}" text-anchor="end">${balance}</text>`,
      `<line x1="${width * 0.05}" x2="${width * 0.95}" y1="${y + lineH * 0.3}" y2="${y + lineH * 0.3}" stroke="#bbb" stroke-width="1"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <g font-family="DejaVu Sans, sans-serif" fill="#111">
    <text x="${width * 0.06}" y="${height * 0.07}" font-size="${height * 0.03}" font-weight="bold">Example Bank plc</text>
    <text x="${width * 0.06}" y="${height * 0.11}" font-size="${height * 0.014}">Account statement 01/03/2024 - 31/03/2024  Account 12345678</text>
    <rect x="${width * 0.7}" y="${height * 0.04}" width="${width * 0.24}" height="${height * 0.07}" fill="none" stroke="#333" stroke-width="2"/>
    <text x="${width * 0.82}" y="${height * 0.085}" font-size="${height * 0.018}" text-anchor="middle">PAID</text>
    ${rows.join('\n    ')}
  </g>
</svg>`;
}

/** Raw RGB pixels of a page. */
export async function pageRaw(opts: PageOptions = {}): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(Buffer.from(statementSvg(opts)))
    .flatten({ background: '#fff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (opts.noise) {
    // Off-white paper with grain (sigma ~2.5), ink slightly lifted: what a 300 dpi scan looks like.
    const r = rng((opts.seed ?? 1) * 7919);
    for (let i = 0; i < data.length; i += 3) {
      const n = (r() + r() + r() - 1.5) * 5;
      for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(20 + data[i + c] * 0.86 + n)));
    }
  }
  return { data, width: info.width, height: info.height };
}

function fromRaw(raw: { data: Buffer; width: number; height: number }): sharp.Sharp {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } });
}

export async function pagePng(opts: PageOptions = {}): Promise<Uint8Array> {
  return new Uint8Array(
    await fromRaw(await pageRaw(opts))
      .png()
      .toBuffer(),
  );
}

export async function pageJpeg(
  opts: PageOptions & { quality?: number; exif?: Record<string, Record<string, string>>; xmp?: string } = {},
): Promise<Uint8Array> {
  let s = fromRaw(await pageRaw(opts)).jpeg({ quality: opts.quality ?? 90, chromaSubsampling: '4:2:0' });
  if (opts.exif) s = s.withExif(opts.exif);
  if (opts.xmp) s = s.withXmp(opts.xmp);
  return new Uint8Array(await s.toBuffer());
}

/** Copies a rectangle of the raw page onto another place (the classic cloned digit or stamp). */
export function cloneRegion(raw: { data: Buffer; width: number; height: number }, src: [number, number, number, number], dst: [number, number]): void {
  const [sx, sy, w, h] = src;
  const copy = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) raw.data.copy(copy, y * w * 3, ((sy + y) * raw.width + sx) * 3, ((sy + y) * raw.width + sx + w) * 3);
  for (let y = 0; y < h; y++) copy.copy(raw.data, ((dst[1] + y) * raw.width + dst[0]) * 3, y * w * 3, (y + 1) * w * 3);
}

export async function encodeRaw(raw: { data: Buffer; width: number; height: number }, as: { png: true } | { jpeg: number }): Promise<Uint8Array> {
  const s = fromRaw(raw);
  return new Uint8Array(await ('png' in as ? s.png() : s.jpeg({ quality: as.jpeg })).toBuffer());
}

/** Decodes and re-encodes a JPEG at another quality (what saving from an editor does). */
export async function recompress(jpeg: Uint8Array, quality: number): Promise<Uint8Array> {
  return new Uint8Array(await sharp(jpeg).jpeg({ quality }).toBuffer());
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td) >>> 0);
  return Buffer.concat([len, td, crc]);
}

/** Inserts chunks right after IHDR. */
export function insertPngChunks(png: Uint8Array, chunks: Array<{ type: string; data: Buffer }>): Uint8Array {
  const b = Buffer.from(png);
  const ihdrEnd = 8 + 8 + b.readUInt32BE(8) + 4;
  return new Uint8Array(Buffer.concat([b.subarray(0, ihdrEnd), ...chunks.map((c) => chunk(c.type, c.data)), b.subarray(ihdrEnd)]));
}

export function tEXt(keyword: string, text: string): { type: string; data: Buffer } {
  return { type: 'tEXt', data: Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]) };
}

export function iTXt(keyword: string, text: string): { type: string; data: Buffer } {
  return { type: 'iTXt', data: Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]) };
}

export function xmpPacket(inner: string): string {
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
${inner}
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/** EXIF of a phone camera photo (sharp writes IFD0 and the EXIF IFD). */
export function cameraExif(extra: Record<string, string> = {}): Record<string, Record<string, string>> {
  return {
    IFD0: { Make: 'Google', Model: 'Pixel 5', DateTime: '2024:03:05 10:00:00', ...extra },
    IFD2: { DateTimeOriginal: '2024:03:05 10:00:00', ExposureTime: '1/60', FNumber: '1.8', ISOSpeedRatings: '100' },
  };
}

/**
 * Pastes a rectangle from `src` into `dst` at the same place, mapping tones the way the noisy
 * page maps them (so brightness matches) but without grain: a digitally retyped field.
 */
export function pasteClean(src: { data: Buffer; width: number }, dst: { data: Buffer; width: number }, rect: [number, number, number, number]): void {
  const [x0, y0, w, h] = rect;
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * dst.width + x) * 3;
      const j = (y * src.width + x) * 3;
      for (let c = 0; c < 3; c++) dst.data[i + c] = Math.round(20 + src.data[j + c] * 0.86);
    }
  }
}

/**
 * Inserts a minimal EXIF APP1 (IFD0 Make/Model, EXIF DateTimeOriginal-free) whose IFD1 holds
 * `thumbnail` as the embedded preview, the way cameras write it.
 */
export function withExifThumbnail(jpeg: Uint8Array, thumbnail: Uint8Array, make = 'Canon'): Uint8Array {
  const makeBytes = Buffer.from(`${make}\0`, 'latin1');
  const ifd0 = 8;
  const makeAt = ifd0 + 2 + 12 + 4;
  const ifd1 = makeAt + makeBytes.length + (makeBytes.length % 2);
  const thumbAt = ifd1 + 2 + 3 * 12 + 4;
  const tiff = Buffer.alloc(thumbAt + thumbnail.length);
  tiff.write('II*\0', 0, 'latin1');
  tiff.writeUInt32LE(ifd0, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    tiff.writeUInt16LE(tag, at);
    tiff.writeUInt16LE(type, at + 2);
    tiff.writeUInt32LE(count, at + 4);
    if (type === 3) tiff.writeUInt16LE(value, at + 8);
    else tiff.writeUInt32LE(value, at + 8);
  };
  tiff.writeUInt16LE(1, ifd0);
  entry(ifd0 + 2, 0x010f, 2, makeBytes.length, makeAt);
  tiff.writeUInt32LE(ifd1, ifd0 + 14);
  makeBytes.copy(tiff, makeAt);
  tiff.writeUInt16LE(3, ifd1);
  entry(ifd1 + 2, 0x0103, 3, 1, 6);
  entry(ifd1 + 14, 0x0201, 4, 1, thumbAt);
  entry(ifd1 + 26, 0x0202, 4, 1, thumbnail.length);
  tiff.writeUInt32LE(0, ifd1 + 38);
  Buffer.from(thumbnail).copy(tiff, thumbAt);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2);
  const b = Buffer.from(jpeg);
  return new Uint8Array(Buffer.concat([b.subarray(0, 2), Buffer.from([0xff, 0xe1]), len, body, b.subarray(2)]));
}

/** A scanned page (JPEG q1) with a clean render of its text pasted over `rect`, saved again at q2. */
/**
 * A page levelled to pure white and black (a crisp scanner: paper 255, ink 0, only edges in
 * between) saved as JPEG at q1, with the same clean render pasted back over `rect` (pixels
 * quantised once) before the page is saved again at q2; q2 = 0 leaves the page saved once.
 */
export async function clippedPastedScan(seed: number, q1: number, q2: number, rect: [number, number, number, number] | null): Promise<Uint8Array> {
  const clean = await pageRaw({ noise: false, seed });
  const first = await encodeRaw(clean, { jpeg: q1 });
  if (!q2) return first;
  const { data, info } = await sharp(Buffer.from(first)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (rect) {
    const [x0, y0, w, h] = rect;
    for (let y = y0; y < y0 + h; y++) clean.data.copy(data, (y * info.width + x0) * 3, (y * clean.width + x0) * 3, (y * clean.width + x0 + w) * 3);
  }
  return encodeRaw({ data, width: info.width, height: info.height }, { jpeg: q2 });
}

export async function pastedScan(seed: number, q1: number, q2: number, rect: [number, number, number, number]): Promise<Uint8Array> {
  const first = await encodeRaw(await pageRaw({ noise: true, seed }), { jpeg: q1 });
  const { data, info } = await sharp(Buffer.from(first)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scan = { data, width: info.width, height: info.height };
  pasteClean(await pageRaw({ noise: false, seed }), scan, rect);
  return encodeRaw(scan, { jpeg: q2 });
}

/**
 * A 300 dpi-like scan app's page: the render softened by the optics, sensor noise added around
 * pure white paper and black ink (so both clip), saved as JPEG at q1 and again at q2: a genuine
 * page forwarded at a lower quality when q2 < q1.
 */
export async function softScanResaved(seed: number, q1: number, q2: number): Promise<Uint8Array> {
  const clean = await pageRaw({ noise: false, seed, width: 2000, height: 2600 });
  const soft = await sharp(clean.data, { raw: { width: clean.width, height: clean.height, channels: 3 } })
    .blur(0.8)
    .raw()
    .toBuffer();
  const r = rng(seed * 31);
  for (let i = 0; i < soft.length; i += 3) {
    const n = (r() + r() + r() - 1.5) * 7;
    for (let c = 0; c < 3; c++) soft[i + c] = Math.max(0, Math.min(255, Math.round(soft[i + c] + n)));
  }
  return recompress(await encodeRaw({ data: soft, width: clean.width, height: clean.height }, { jpeg: q1 }), q2);
}

/**
 * A noisy page saved at q1, then written over and saved at q2: clean renders of its text pasted in
 * every rect (a form picture whose fields were all typed over it before the second save) and
 * 2 px dark rules drawn across blank paper (`rules`: x, y, width), as a form app draws lines.
 */
export async function overlaidScan(
  seed: number,
  q1: number,
  q2: number,
  rects: Array<[number, number, number, number]>,
  rules: Array<[number, number, number]> = [],
): Promise<Uint8Array> {
  const first = await encodeRaw(await pageRaw({ noise: true, seed }), { jpeg: q1 });
  const { data, info } = await sharp(Buffer.from(first)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const scan = { data, width: info.width, height: info.height };
  const clean = await pageRaw({ noise: false, seed });
  for (const rect of rects) pasteClean(clean, scan, rect);
  for (const [x0, y0, w] of rules) {
    for (let y = y0; y < y0 + 2; y++) data.fill(40, (y * info.width + x0) * 3, (y * info.width + x0 + w) * 3);
  }
  return encodeRaw(scan, { jpeg: q2 });
}
