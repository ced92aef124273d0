/**
 * Pages as pictures: rendered with poppler, then made to look scanned or photographed with
 * ImageMagick (seeded noise), and wrapped back into PDFs the way scanners and apps do.
 */
import { existsSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Rng } from '../util/prng.js';
import { envWithSourceDate, run, withTempDir } from '../util/exec.js';

export async function rasterizePage(pdf: Uint8Array, page: number, dpi: number): Promise<Buffer> {
  return withTempDir(async (dir) => {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'in.pdf'), join(dir, 'page')]);
    return readFile(join(dir, 'page.png'));
  });
}

async function magick(input: Buffer, inExt: string, outExt: string, args: readonly string[]): Promise<Buffer> {
  return withTempDir(async (dir) => {
    const src = join(dir, `in.${inExt}`);
    const dst = join(dir, `out.${outExt}`);
    await writeFile(src, input);
    await run('convert', [src, ...args, dst]);
    return readFile(dst);
  });
}

/**
 * A flatbed scan: a slight skew, sensor noise, grey levels, JPEG at a scanner's quality.
 * `straight` keeps pixel positions where the layout put them (an auto-deskewed scan).
 */
export function scanLook(png: Buffer, rng: Rng, opts: { straight?: boolean; quality?: number; blur?: number } = {}): Promise<Buffer> {
  const angle = opts.straight ? '0' : rng.float(-0.9, 0.9).toFixed(2);
  const quality = opts.quality ?? rng.int(72, 88);
  // `blur`: the optics of a real scanner soften every edge by a fraction of a pixel.
  const optics = opts.blur ? ['-blur', `0x${opts.blur.toFixed(2)}`] : [];
  return magick(png, 'png', 'jpg', [
    '-seed',
    String(rng.int(1, 1e6)),
    '-background',
    'white',
    '-rotate',
    angle,
    ...optics,
    '-attenuate',
    rng.float(0.2, 0.6).toFixed(2),
    '+noise',
    'Gaussian',
    '-colorspace',
    'Gray',
    '-quality',
    String(quality),
  ]);
}

/** A phone photo of a page lying on a desk: perspective, uneven light, noise, camera JPEG. */
export function photoLook(png: Buffer, rng: Rng, size: { width: number; height: number }): Promise<Buffer> {
  const { width: w, height: h } = size;
  const j = () => rng.int(10, Math.round(w * 0.06));
  const border = Math.round(w * 0.08);
  const W = w + 2 * border;
  const H = h + 2 * border;
  // Corners of the bordered image move inwards by different amounts: a hand-held shot.
  const persp = [`0,0 ${j()},${j()}`, `${W},0 ${W - j()},${j()}`, `0,${H} ${j()},${H - j()}`, `${W},${H} ${W - j()},${H - j()}`].join(' ');
  const desk = rng.pick(['#7a6a58', '#8f8a80', '#4f5a63', '#a89a84']);
  return magick(png, 'png', 'jpg', [
    '-seed',
    String(rng.int(1, 1e6)),
    '-bordercolor',
    desk,
    '-border',
    String(border),
    '-virtual-pixel',
    'background',
    '-background',
    desk,
    '-distort',
    'Perspective',
    persp,
    '-brightness-contrast',
    `${rng.int(-8, 4)}x${rng.int(-6, 6)}`,
    '-attenuate',
    rng.float(0.3, 0.8).toFixed(2),
    '+noise',
    'Gaussian',
    '-blur',
    `0x${rng.float(0.3, 0.9).toFixed(2)}`,
    '-sampling-factor',
    '2x2',
    '-quality',
    String(rng.int(85, 93)),
  ]);
}

export function toJpeg(image: Buffer, inExt: 'png' | 'jpg', quality: number): Promise<Buffer> {
  return magick(image, inExt, 'jpg', ['-quality', String(quality)]);
}

function viewJpegPs(): string | null {
  const root = '/usr/share/ghostscript';
  if (!existsSync(root)) return null;
  for (const v of readdirSync(root)) {
    const p = join(root, v, 'lib', 'viewjpeg.ps');
    if (existsSync(p)) return p;
  }
  return null;
}

/** Ghostscript's viewjpeg: JPEG pages wrapped into a PDF without re-encoding the pixels. */
export async function jpegsToPdfGhostscript(jpegs: Buffer[], pageSize: { width: number; height: number }, when: Date): Promise<Uint8Array> {
  const ps = viewJpegPs();
  if (!ps) throw new Error('ghostscript viewjpeg.ps not found');
  return withTempDir(async (dir) => {
    const names: string[] = [];
    for (let i = 0; i < jpegs.length; i++) {
      names.push(join(dir, `p${i}.jpg`));
      await writeFile(names[i], jpegs[i]);
    }
    const size = `<< /PageSize [${pageSize.width.toFixed(2)} ${pageSize.height.toFixed(2)}] >> setpagedevice`;
    const program = names.map((n) => `${size} (${n}) viewJPEG`).join(' ');
    const out = join(dir, 'out.pdf');
    await run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pdfwrite', `--permit-file-read=${dir}/`, `-sOutputFile=${out}`, ps, '-c', program], {
      env: envWithSourceDate(when),
    });
    return new Uint8Array(await readFile(out));
  });
}
