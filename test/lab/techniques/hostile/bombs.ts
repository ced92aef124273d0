/**
 * Family H, resource bombs (after the published descriptions of PDF decompression bombs): a
 * genuine document carrying a part built to exhaust a reader -- a filter chain inflating to
 * gigabytes from a few KB (in a page's content, or as the object stream holding the catalog),
 * a form drawn thousands of times, images declaring gigapixels over a few KB of data, a page
 * nesting graphics states a hundred thousand deep or flooding operators. The checker must decide
 * each in seconds, with bounded memory, and say what it left out. Genuine twins carry an honest
 * large part (a 600 dpi 1-bit full-page scan, a dense vector chart) and must stay clear.
 */
import zlib from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { LAB_DOC_TYPES } from '../../model/index.js';
import type { DocModel } from '../../model/types.js';
import { alternatives, renderPositioned, start } from '../common.js';
import type { BuiltSample, SampleSpec, Technique } from '../types.js';
import type { Rng } from '../../util/prng.js';

const GiB = 1024 ** 3;
const MiB = 1024 ** 2;

/** zlib data for `total` bytes of `fill`, without deflating them: one full-flush block repeated. */
export function deflateRepeated(fill: number, total: number): Buffer {
  const chunk = MiB;
  const block = zlib.deflateRawSync(Buffer.alloc(chunk, fill), { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blocks = Math.floor(total / chunk);
  const tail = zlib.deflateRawSync(Buffer.alloc(total - blocks * chunk, fill), { level: 9 });
  // Adler-32 of `total` bytes of `fill`: a = 1 + n*fill, b = n + fill*n(n+1)/2 (mod 65521).
  const n = BigInt(total);
  const f = BigInt(fill);
  const a = (1n + n * f) % 65521n;
  const b = (n + (f * n * (n + 1n)) / 2n) % 65521n;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(Number((b << 16n) | a));
  const body = Buffer.alloc(blocks * block.length);
  for (let i = 0; i < blocks; i++) block.copy(body, i * block.length);
  return Buffer.concat([Buffer.from([0x78, 0xda]), body, tail, adler]);
}

/** Encodes `inner` (already Flate) through further layers; returns the data and the /Filter array in decoding order. */
function wrapLayers(inner: Buffer, layers: readonly ('Fl' | 'AHx' | 'A85')[]): { data: Buffer; filters: string[] } {
  let data = inner;
  const filters = ['FlateDecode'];
  for (const layer of layers) {
    if (layer === 'Fl') {
      data = zlib.deflateSync(data, { level: 9 });
      filters.unshift('FlateDecode');
    } else if (layer === 'AHx') {
      data = Buffer.from(data.toString('hex') + '>', 'latin1');
      filters.unshift('ASCIIHexDecode');
    } else {
      data = Buffer.from(ascii85(data) + '~>', 'latin1');
      filters.unshift('ASCII85Decode');
    }
  }
  return { data, filters };
}

function ascii85(buf: Buffer): string {
  let out = '';
  for (let i = 0; i < buf.length; i += 4) {
    const n = Math.min(4, buf.length - i);
    const word = Buffer.alloc(4);
    buf.copy(word, 0, i, i + n);
    let v = word.readUInt32BE(0);
    if (v === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const chars: string[] = [];
    for (let k = 0; k < 5; k++) {
      chars.unshift(String.fromCharCode((v % 85) + 33));
      v = Math.floor(v / 85);
    }
    out += chars.slice(0, n + 1).join('');
  }
  return out;
}

/** A filter chain bomb of `nominal` bytes of spaces (harmless content when read), a few KB on disk. */
function chainBomb(rng: Rng, nominal: number): { data: Buffer; filters: string[] } {
  const layers = rng.pick([
    ['Fl', 'Fl'],
    ['Fl', 'Fl', 'A85'],
    ['Fl', 'AHx', 'Fl'],
    ['Fl', 'Fl', 'Fl'],
  ] as const);
  return wrapLayers(deflateRepeated(0x20, nominal), layers);
}

function stream(doc: PDFDocument, data: Uint8Array, dict: Record<string, unknown>): PDFRef {
  const d = doc.context.obj(dict as never) as unknown as PDFDict;
  return doc.context.register(PDFRawStream.of(d, data));
}

function names(doc: PDFDocument, filters: readonly string[]): PDFArray {
  return doc.context.obj(filters.map((f) => PDFName.of(f)));
}

/** Appends a content stream to page 1 (drawn after the genuine content). */
function appendContent(doc: PDFDocument, ref: PDFRef): void {
  const page = doc.getPage(0).node;
  const contents = page.Contents();
  const list = contents instanceof PDFArray ? contents : doc.context.obj([page.get(PDFName.of('Contents'))!]);
  list.push(ref);
  page.set(PDFName.of('Contents'), list);
}

function addXObject(doc: PDFDocument, name: string, ref: PDFRef): void {
  const page = doc.getPage(0).node;
  page.setXObject(PDFName.of(name), ref);
}

interface Base {
  model: DocModel;
  rng: Rng;
  doc: PDFDocument;
}

async function base(spec: SampleSpec): Promise<Base> {
  const { rng, model } = start(spec);
  const render = await renderPositioned(model, 'pdf-lib', spec.seed, { standardFonts: true });
  return { rng, model, doc: await PDFDocument.load(render.bytes, { updateMetadata: false }) };
}

function label(spec: SampleSpec, model: DocModel, bytes: Uint8Array, kind: 'genuine' | 'tampered', notes: string): BuiltSample {
  return {
    bytes,
    ext: 'pdf',
    label: {
      label: kind,
      technique: spec.technique,
      family: 'H',
      doc_type: model.docType,
      expected_flags: kind === 'tampered' ? ['structural_anomaly'] : [],
      fields: { ...model.fields },
      ...alternatives(model),
      producer: 'pdf-lib',
      seed: spec.seed,
      mime: 'application/pdf',
      notes,
    },
  };
}

async function save(doc: PDFDocument, objectStreams = false): Promise<Uint8Array> {
  return doc.save({ useObjectStreams: objectStreams, updateFieldAppearances: false });
}

/**
 * An incremental update whose object stream (a filter chain bomb: the catalog, then gigabytes of
 * padding) holds a new catalog, listed by a cross-reference stream: every reader must decode it
 * to find the pages.
 */
function objectStreamBombUpdate(rng: Rng, bytes: Uint8Array, catalog: string, nominal: number): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const prev = Number([...text.matchAll(/startxref\s+(\d+)/g)].pop()![1]);
  const size = Math.max(...[...text.matchAll(/\/Size\s+(\d+)/g)].map((m) => Number(m[1])));
  const [catNum, stmNum, xrefNum] = [size, size + 1, size + 2];
  const head = `${catNum} 0 `;
  const objects = `${head}${catalog}\n`;
  const inner = deflateRepeatedPrefix(objects, nominal);
  const { data, filters } = wrapLayers(inner, rng.pick([['Fl'], ['Fl', 'Fl'], ['A85', 'Fl']] as const));
  const parts: Buffer[] = [Buffer.from('\n', 'latin1')];
  let at = bytes.length + 1;
  const stmAt = at;
  const stmHead = `${stmNum} 0 obj\n<< /Type /ObjStm /N 1 /First ${head.length} /Filter [${filters.map((f) => `/${f}`).join(' ')}] /Length ${data.length} >>\nstream\n`;
  parts.push(Buffer.from(stmHead, 'latin1'), data, Buffer.from('\nendstream\nendobj\n', 'latin1'));
  at += stmHead.length + data.length + '\nendstream\nendobj\n'.length;
  const rows = Buffer.alloc(3 * 7);
  const row = (i: number, type: number, a: number, b: number) => {
    rows[i * 7] = type;
    rows.writeUInt32BE(a, i * 7 + 1);
    rows.writeUInt16BE(b, i * 7 + 5);
  };
  row(0, 2, stmNum, 0);
  row(1, 1, stmAt, 0);
  row(2, 1, at, 0);
  const info = /\/Info\s+(\d+\s+\d+\s+R)/.exec(text);
  const xrefHead = `${xrefNum} 0 obj\n<< /Type /XRef /Size ${xrefNum + 1} /Index [${catNum} 3] /W [1 4 2] /Root ${catNum} 0 R${info ? ` /Info ${info[1]}` : ''} /Prev ${prev} /Length ${rows.length} >>\nstream\n`;
  parts.push(Buffer.from(xrefHead, 'latin1'), rows, Buffer.from(`\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`, 'latin1'));
  return Buffer.concat([Buffer.from(bytes), ...parts]);
}

/** Flate of `prefix` followed by spaces up to `total` bytes (the repeated block after the prefix). */
function deflateRepeatedPrefix(prefix: string, total: number): Buffer {
  const spaces = deflateRepeated(0x20, total - prefix.length);
  const prefixBlock = zlib.deflateRawSync(Buffer.from(prefix, 'latin1'), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  // The Adler-32 no longer matches; readers accept that (and so does the measurement).
  return Buffer.concat([spaces.subarray(0, 2), prefixBlock, spaces.subarray(2)]);
}

/** A baseline JPEG whose frame header declares `w` x `h` (the scan data is that of a small image). */
async function dctDeclaring(w: number, h: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
  for (let i = 2; i + 9 < jpeg.length;) {
    if (jpeg[i] !== 0xff) break;
    const marker = jpeg[i + 1];
    const len = jpeg.readUInt16BE(i + 2);
    if (marker === 0xc0 || marker === 0xc2) {
      jpeg.writeUInt16BE(h, i + 5);
      jpeg.writeUInt16BE(w, i + 7);
      break;
    }
    i += 2 + len;
  }
  return jpeg;
}

function drawImage(doc: PDFDocument, ref: PDFRef, name: string, box: [number, number, number, number]): void {
  addXObject(doc, name, ref);
  const [x, y, w, h] = box;
  appendContent(doc, stream(doc, Buffer.from(`q ${w} 0 0 ${h} ${x} ${y} cm /${name} Do Q\n`, 'latin1'), {}));
}

/** A last page holding only the image, as a scanned annex is (readers render it for OCR). */
function scannedAnnex(doc: PDFDocument, img: PDFRef): void {
  const { width, height } = doc.getPage(0).getSize();
  const page = doc.addPage([width, height]);
  page.node.setXObject(PDFName.of('Scan0'), img);
  page.node.set(PDFName.of('Contents'), stream(doc, Buffer.from(`q ${width} 0 0 ${height} 0 0 cm /Scan0 Do Q\n`, 'latin1'), {}));
}

type Build = (b: Base, spec: SampleSpec) => Promise<{ bytes: Uint8Array; notes: string }>;

/** Few files per class: each is a stress test of seconds, and the classes vary little by seed. */
const COUNT = 2;

function bomb(id: string, description: string, build: Build): Technique {
  return {
    id,
    family: 'H',
    label: 'tampered',
    count: COUNT,
    description,
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const b = await base(spec);
      const { bytes, notes } = await build(b, spec);
      return label(spec, b.model, bytes, 'tampered', notes);
    },
  };
}

function twin(id: string, description: string, build: Build): Technique {
  return {
    id,
    family: 'H',
    label: 'genuine',
    count: COUNT + 1,
    description,
    docTypes: LAB_DOC_TYPES,
    async build(spec) {
      const b = await base(spec);
      const { bytes, notes } = await build(b, spec);
      return label(spec, b.model, bytes, 'genuine', notes);
    },
  };
}

/** A sparse 1-bit page the way a 600 dpi scanner sees a printed sheet: lines of glyph-like marks. */
function scanMask(rng: Rng, w: number, h: number): Buffer {
  const row = Math.ceil(w / 8);
  const bits = Buffer.alloc(row * h, 0xff);
  for (let y = 300; y + 60 < h - 300; y += 90 + rng.int(0, 40)) {
    let x = 400;
    const end = w - 400 - rng.int(0, w / 3);
    while (x < end) {
      const word = rng.int(60, 400);
      for (let yy = y; yy < y + 50; yy++)
        for (let xx = x; xx < Math.min(end, x + word); xx++) if ((xx * 7 + yy * 13) % 11 < 4) bits[yy * row + (xx >> 3)] &= ~(0x80 >> (xx & 7));
      x += word + rng.int(30, 60);
    }
  }
  return bits;
}

export const BOMBS_H: Technique[] = [
  bomb(
    'h_bomb_filter_chain',
    'A content stream of a few KB that inflates to 10 GiB through a chain of filters (Flate of Flate, ASCII layers).',
    async ({ rng, doc }) => {
      const { data, filters } = chainBomb(rng, 10 * GiB);
      appendContent(doc, stream(doc, data, { Filter: names(doc, filters) }));
      return { bytes: await save(doc), notes: `content stream: ${data.length} bytes through ${filters.join(' > ')} to 10 GiB` };
    },
  ),
  bomb(
    'h_bomb_object_stream',
    'An update whose object stream (a filter chain bomb of 4 GiB) holds the catalog, listed by a cross-reference stream.',
    async ({ rng, doc }) => {
      const bytes = objectStreamBombUpdate(rng, await save(doc, true), doc.catalog.toString(), 4 * GiB);
      return { bytes, notes: 'catalog in a 4 GiB object stream of an xref-stream update' };
    },
  ),
  bomb('h_bomb_repeated_form', 'One form XObject of 6 MiB (allowed alone) drawn 3000 times on the first page: 18 GB to interpret.', async ({ doc }) => {
    const body = Buffer.concat([Buffer.from('0.92 g 0 0 1 1 re f\n', 'latin1'), Buffer.alloc(6 * MiB, 0x20)]);
    const form = stream(doc, zlib.deflateSync(body, { level: 9 }), { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 1, 1], Filter: 'FlateDecode' });
    addXObject(doc, 'Fx0', form);
    const draws = 'q 1 0 0 1 20 20 cm /Fx0 Do Q\n'.repeat(3000);
    appendContent(doc, stream(doc, zlib.deflateSync(Buffer.from(draws, 'latin1')), { Filter: 'FlateDecode' }));
    return { bytes: await save(doc), notes: 'form of 6 MiB drawn 3000 times' };
  }),
  bomb('h_bomb_dct_image', 'A scanned annex page: a DCT image declaring 60000 x 60000 pixels (10 GB decoded) over a few KB of JPEG data.', async ({ doc }) => {
    const jpeg = await dctDeclaring(60000, 60000);
    const img = stream(doc, jpeg, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 60000,
      Height: 60000,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'DCTDecode',
    });
    scannedAnnex(doc, img);
    return { bytes: await save(doc), notes: `DCT 60000x60000 in ${jpeg.length} bytes, a scanned annex page` };
  }),
  bomb('h_bomb_flate_image', 'A scanned annex page: a Flate image declaring 32768 x 32768 RGB pixels (3 GiB) over a few KB of data.', async ({ doc }) => {
    const data = zlib.deflateSync(Buffer.alloc(MiB, 0xff), { level: 9 });
    const img = stream(doc, data, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 32768,
      Height: 32768,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    });
    scannedAnnex(doc, img);
    return { bytes: await save(doc), notes: `Flate 32768x32768 in ${data.length} bytes, a scanned annex page` };
  }),
  bomb('h_bomb_deep_nesting', 'The first page nests q 100000 deep (pdf.js text extraction is super-linear in it).', async ({ doc }) => {
    const content = `${'q '.repeat(100_000)}0.5 g 0 0 1 1 re f\n${'Q '.repeat(100_000)}`;
    appendContent(doc, stream(doc, zlib.deflateSync(Buffer.from(content, 'latin1')), { Filter: 'FlateDecode' }));
    return { bytes: await save(doc), notes: 'q nested 100000 deep' };
  }),
  bomb('h_bomb_operator_flood', 'The first page runs 6 million operators from a few KB of compressed content.', async ({ doc }) => {
    const content = '0 0 m 1 1 l S\n'.repeat(2_000_000);
    appendContent(doc, stream(doc, zlib.deflateSync(Buffer.from(content, 'latin1'), { level: 9 }), { Filter: 'FlateDecode' }));
    return { bytes: await save(doc), notes: '6 million path operators' };
  }),
  twin(
    'h_genuine_large_scan',
    'A 600 dpi full-page 1-bit scan (35 megapixels, a stencil mask, honestly Flate-encoded) under the text.',
    async ({ rng, doc }) => {
      const [w, h] = [4960, 7016];
      const data = zlib.deflateSync(scanMask(rng, w, h), { level: 6 });
      const img = stream(doc, data, {
        Type: 'XObject',
        Subtype: 'Image',
        Width: w,
        Height: h,
        ImageMask: true,
        BitsPerComponent: 1,
        Decode: [1, 0],
        Filter: 'FlateDecode',
      });
      const page = doc.getPage(0);
      drawImage(doc, img, 'Scan0', [0, 0, page.getWidth(), page.getHeight()]);
      return { bytes: await save(doc), notes: `1-bit ${w}x${h} scan mask, ${data.length} bytes` };
    },
  ),
  twin('h_genuine_heavy_vector', 'A dense vector chart (tens of thousands of small paths, shallow nesting) on the first page.', async ({ rng, doc }) => {
    const parts: string[] = ['q 0.2 w 0 0 0.6 RG\n'];
    for (let i = 0; i < 40_000; i++) {
      const x = 60 + rng.int(0, 480);
      const y = 120 + rng.int(0, 200);
      parts.push(i % 500 === 0 ? `Q q 0.2 w ${rng.int(0, 9) / 10} 0 0.6 RG\n` : '', `${x} ${y} m ${x + rng.int(1, 4)} ${y + rng.int(1, 4)} l S\n`);
    }
    parts.push('Q\n');
    appendContent(doc, stream(doc, zlib.deflateSync(Buffer.from(parts.join(''), 'latin1')), { Filter: 'FlateDecode' }));
    return { bytes: await save(doc), notes: '120000 vector operators, nesting 1' };
  }),
];
