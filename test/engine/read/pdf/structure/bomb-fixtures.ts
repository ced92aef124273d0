/**
 * Raw PDFs carrying resource bombs (and honest large parts) on their one page, for the budget
 * tests: the statement of fixtures.ts with its page redefined by an update that adds content
 * streams and XObjects.
 */
import zlib from 'node:zlib';
import { deflateRepeated } from '../../../../lab/techniques/hostile/bombs.js';
import { appendUpdate, buildRawPdf, STATEMENT_LINES } from './fixtures.js';

export { deflateRepeated };

const MiB = 1024 * 1024;

export interface Part {
  /** Stream dictionary entries (without /Length) and data. */
  dict: string;
  data: Uint8Array;
}

/** The statement page, with `contents` drawn after its text and `xobjects` in its resources (objects from 40). */
export function pageWith(parts: { contents?: Part[]; xobjects?: Record<string, Part> }): Uint8Array {
  const base = buildRawPdf({ pages: [{ lines: STATEMENT_LINES }] });
  const objects: Array<{ num: number; body: string }> = [];
  let num = 40;
  const body = (p: Part) => `<< ${p.dict} /Length ${p.data.length} >>\nstream\n${Buffer.from(p.data).toString('latin1')}\nendstream`;
  const contents = (parts.contents ?? []).map((p) => {
    objects.push({ num, body: body(p) });
    return `${num++} 0 R`;
  });
  const xobjects = Object.entries(parts.xobjects ?? {}).map(([name, p]) => {
    objects.push({ num, body: body(p) });
    return `/${name} ${num++} 0 R`;
  });
  objects.push({
    num: 4,
    body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> /XObject << ${xobjects.join(' ')} >> >> /Contents [5 0 R ${contents.join(' ')}] >>`,
  });
  return appendUpdate(base, { objects });
}

export const flate = (text: string | Uint8Array): Part => ({
  dict: '/Filter /FlateDecode',
  data: zlib.deflateSync(typeof text === 'string' ? Buffer.from(text, 'latin1') : text),
});

/** `nominal` bytes of spaces through Flate, Flate and ASCIIHex (in decoding order: AHx, Fl, Fl). */
export function chainBomb(nominal: number): Part {
  const twice = zlib.deflateSync(deflateRepeated(0x20, nominal), { level: 9 });
  return { dict: '/Filter [/AHx /Fl /FlateDecode]', data: Buffer.from(twice.toString('hex') + '>', 'latin1') };
}

export const formOf = (content: Part): Part => ({ dict: `/Type /XObject /Subtype /Form /BBox [0 0 10 10] ${content.dict}`, data: content.data });

export function image(dict: string, data: Uint8Array): Part {
  return { dict: `/Type /XObject /Subtype /Image ${dict}`, data };
}

/** A 1-bit page of `w` x `h` with sparse marks, honestly Flate-encoded (what a 600 dpi scan is). */
export function honestScan(w: number, h: number): Part {
  const row = Math.ceil(w / 8);
  const bits = Buffer.alloc(row * h, 0xff);
  for (let y = 200; y < h - 200; y += 97)
    for (let x = 300; x < w - 300; x += 5) if ((x * 31 + y * 17) % 7 < 3) bits.fill(0x00, y * row + (x >> 3), y * row + (x >> 3) + 1);
  return image(`/Width ${w} /Height ${h} /ImageMask true /BitsPerComponent 1 /Filter /FlateDecode`, zlib.deflateSync(bits));
}

export const DRAW = (name: string, times = 1) => flate(`q 100 0 0 100 50 50 cm /${name} Do Q\n`.repeat(times));

export { MiB };
