/**
 * One-page PDFs that draw a single image XObject whose dictionary declares any size, built here
 * byte by byte (the hostile ones declare gigapixels over a few bytes of data).
 */
import zlib from 'node:zlib';

export interface ImageSpec {
  width: number;
  height: number;
  filter: 'DCTDecode' | 'FlateDecode';
  data: Uint8Array;
}

/** `scanned`: the page is the image alone, as a scan is (the engine renders such pages for OCR). */
export function pdfWithImage(image: ImageSpec, scanned = false): Uint8Array {
  const draw = scanned ? 'q 612 0 0 792 0 0 cm /Im1 Do Q\n' : 'q 200 0 0 200 50 500 cm /Im1 Do Q\n';
  const content = scanned ? draw : `${draw}BT /F1 12 Tf 50 450 Td (Statement total 120.00) Tj ET\n`;
  const imageHeader = `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /${image.filter} /Length ${image.data.length} >>\nstream\n`;
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> >>'),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`),
    Buffer.concat([Buffer.from(imageHeader, 'latin1'), Buffer.from(image.data), Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let at = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(at);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    at += obj.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `)].join('\n');
  parts.push(Buffer.from(`${xref}\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return new Uint8Array(Buffer.concat(parts));
}

/** A genuine 100x100 grey image (a gradient), Flate-compressed. */
export function normalImage(): ImageSpec {
  const pixels = Buffer.alloc(100 * 100);
  for (let i = 0; i < pixels.length; i++) pixels[i] = i % 256;
  return { width: 100, height: 100, filter: 'FlateDecode', data: zlib.deflateSync(pixels) };
}

/** A Flate image declaring `side` x `side` pixels over one compressed row of data. */
export function hugeFlateImage(side: number): ImageSpec {
  return { width: side, height: side, filter: 'FlateDecode', data: zlib.deflateSync(Buffer.alloc(side)) };
}

/**
 * A DCT image declaring `side` x `side` pixels: a baseline JPEG whose frame header says the same
 * size, with only a few bytes of scan data (decoders allocate for the declared size first).
 */
export function hugeDctImage(side: number): ImageSpec {
  const hi = (n: number) => (n >> 8) & 0xff;
  const lo = (n: number) => n & 0xff;
  const quant = [0xff, 0xdb, 0x00, 0x43, 0x00, ...new Array<number>(64).fill(1)];
  const frame = [0xff, 0xc0, 0x00, 0x0b, 0x08, hi(side), lo(side), hi(side), lo(side), 0x01, 0x01, 0x11, 0x00];
  // One DC and one AC table, each with a single one-bit code.
  const huffman = [
    0xff,
    0xc4,
    0x00,
    0x14,
    0x00,
    0x01,
    ...new Array<number>(15).fill(0),
    0x00,
    0xff,
    0xc4,
    0x00,
    0x14,
    0x10,
    0x01,
    ...new Array<number>(15).fill(0),
    0x00,
  ];
  const scan = [0xff, 0xda, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x00, 0x00, 0x00];
  return { width: side, height: side, filter: 'DCTDecode', data: new Uint8Array([0xff, 0xd8, ...quant, ...frame, ...huffman, ...scan, 0xff, 0xd9]) };
}
