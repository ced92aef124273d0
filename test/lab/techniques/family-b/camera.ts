/** Scanners, phone cameras and ImageMagick: how family B turns a rendered page into pixels. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { rasterizePage } from '../../render/raster.js';
import { exiftoolWrite, pdfPageCount } from '../../render/transforms.js';
import { run, withTempDir } from '../../util/exec.js';
import type { Rng } from '../../util/prng.js';

export function exifDate(d: Date): string {
  return d.toISOString().replace(/-/g, ':').replace('T', ' ').slice(0, 19);
}

export const PHONES = [
  ['Apple', 'iPhone 14', '17.4'],
  ['samsung', 'SM-A546B', 'A546BXXU5BWK1'],
  ['Xiaomi', 'Redmi Note 12', 'MIUI 14.0.5'],
  ['OnePlus', 'CPH2449', 'CPH2449_14.0'],
] as const;

export async function magick(input: Buffer, args: readonly string[], outExt: 'jpg' | 'png'): Promise<Buffer> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.png'), input);
    await run('convert', [join(dir, 'in.png'), ...args, join(dir, `out.${outExt}`)]);
    return readFile(join(dir, `out.${outExt}`));
  });
}

/** A sheet-fed scanner: grey, a little skew and noise, JPEG at the app's quality. */
export function scanB(png: Buffer, rng: Rng, quality: number, straight = false): Promise<Buffer> {
  const angle = straight ? '0' : rng.float(-0.6, 0.6).toFixed(2);
  return magick(
    png,
    [
      '-seed',
      String(rng.int(1, 1e6)),
      '-background',
      'white',
      '-rotate',
      angle,
      '-colorspace',
      'Gray',
      '-attenuate',
      rng.float(0.15, 0.5).toFixed(2),
      '+noise',
      'Gaussian',
      '-level',
      '4%,96%',
      '-quality',
      String(quality),
    ],
    'jpg',
  );
}

/** A 12-megapixel phone photo of a printed page: frame, perspective, light fall-off, camera JPEG. */
export async function photoB(png: Buffer, rng: Rng, quality: number, when: Date): Promise<Buffer> {
  const meta = await sharp(png).metadata();
  const W = 3024;
  const H = 4032;
  const scale = Math.min((W * 0.86) / meta.width!, (H * 0.86) / meta.height!);
  const pw = Math.round(meta.width! * scale);
  const ph = Math.round(meta.height! * scale);
  const j = () => rng.int(20, 160);
  const ox = Math.round((W - pw) / 2);
  const oy = Math.round((H - ph) / 2);
  const persp = [
    `0,0 ${ox + j()},${oy + j()}`,
    `${pw},0 ${ox + pw - j()},${oy + j()}`,
    `0,${ph} ${ox + j()},${oy + ph - j()}`,
    `${pw},${ph} ${ox + pw - j()},${oy + ph - j()}`,
  ].join(' ');
  const desk = rng.pick(['#6d5c4b', '#9a958c', '#3f4a52', '#b4a58f']);
  const jpg = await magick(
    png,
    [
      '-seed',
      String(rng.int(1, 1e6)),
      '-resize',
      `${pw}x${ph}!`,
      '-virtual-pixel',
      'background',
      '-background',
      desk,
      '-extent',
      `${W}x${H}`,
      '-distort',
      'Perspective',
      persp,
      '(',
      '-size',
      `${W}x${H}`,
      'radial-gradient:white-gray70',
      ')',
      '-compose',
      'multiply',
      '-composite',
      '-attenuate',
      rng.float(0.4, 0.9).toFixed(2),
      '+noise',
      'Gaussian',
      '-blur',
      `0x${rng.float(0.6, 1.2).toFixed(2)}`,
      '-sampling-factor',
      '2x2',
      '-quality',
      String(quality),
    ],
    'jpg',
  );
  const [make, model, software] = rng.pick(PHONES);
  const shot = exifDate(when);
  return Buffer.from(
    await exiftoolWrite(jpg, 'jpg', [
      `-Make=${make}`,
      `-Model=${model}`,
      `-Software=${software}`,
      `-DateTimeOriginal=${shot}`,
      `-CreateDate=${shot}`,
      `-ModifyDate=${shot}`,
      '-ColorSpace=sRGB',
    ]),
  );
}

export async function pagesAsJpegs(pdf: Uint8Array, rng: Rng, dpi: number, quality: number, maxPages = 3): Promise<Buffer[]> {
  const n = Math.min(maxPages, await pdfPageCount(pdf));
  const out: Buffer[] = [];
  for (let p = 1; p <= n; p++) out.push(await scanB(await rasterizePage(pdf, p, dpi), rng, quality));
  return out;
}
