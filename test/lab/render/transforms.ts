/**
 * Whole-file transformations that real documents go through: qpdf re-save and linearisation,
 * Ghostscript re-distil, cairo print-to-PDF, exiftool metadata writes. Each takes bytes and
 * returns new bytes through a scratch folder.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { envWithSourceDate, run, withTempDir } from '../util/exec.js';

async function through(input: Uint8Array, fn: (src: string, dst: string) => Promise<void>, ext = 'pdf'): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const src = join(dir, `in.${ext}`);
    const dst = join(dir, `out.${ext}`);
    await writeFile(src, input);
    await fn(src, dst);
    return new Uint8Array(await readFile(dst));
  });
}

/** qpdf rewrite; `--deterministic-id` keeps the bytes stable for a given input. */
export function qpdfResave(input: Uint8Array, opts: { linearize?: boolean; objectStreams?: 'preserve' | 'generate' | 'disable' } = {}): Promise<Uint8Array> {
  const args = ['--deterministic-id', `--object-streams=${opts.objectStreams ?? 'preserve'}`];
  if (opts.linearize) args.push('--linearize');
  return through(input, (src, dst) => run('qpdf', [...args, src, dst]).then(() => undefined));
}

/** Ghostscript pdfwrite: re-distils every page (new fonts subsets, new objects, new Producer). */
export function ghostscriptRedistil(input: Uint8Array, when: Date): Promise<Uint8Array> {
  return through(input, (src, dst) =>
    run('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', '-dPDFSETTINGS=/ebook', `-sOutputFile=${dst}`, src], {
      env: envWithSourceDate(when),
    }).then(() => undefined),
  );
}

/** Poppler's cairo backend: what "Print to File (PDF)" of Linux desktop viewers does. */
export function cairoPrint(input: Uint8Array): Promise<Uint8Array> {
  return through(input, (src, dst) => run('pdftocairo', ['-pdf', src, dst]).then(() => undefined));
}

/** exiftool writes tags in place (for PDFs it appends an incremental update). */
export function exiftoolWrite(input: Uint8Array, ext: 'pdf' | 'jpg' | 'png', tags: readonly string[]): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const file = join(dir, `f.${ext}`);
    await writeFile(file, input);
    await run('exiftool', ['-q', '-overwrite_original', ...tags, file]);
    return new Uint8Array(await readFile(file));
  });
}

/** qpdf QDF mode: uncompressed, one object per block, editable with a text editor. */
export function qpdfToQdf(input: Uint8Array): Promise<Uint8Array> {
  return through(input, (src, dst) => run('qpdf', ['--qdf', '--object-streams=disable', '--deterministic-id', src, dst]).then(() => undefined));
}

/** After a hand edit of a QDF file: fix offsets and lengths, then compress again. */
export function qpdfFromEditedQdf(input: Uint8Array): Promise<Uint8Array> {
  return withTempDir(async (dir) => {
    const src = join(dir, 'edited.qdf.pdf');
    const fixed = join(dir, 'fixed.pdf');
    const out = join(dir, 'out.pdf');
    await writeFile(src, input);
    // fix-qdf only writes to stdout, which must stay binary: let the shell redirect it.
    await run('sh', ['-c', 'fix-qdf "$1" > "$2"', 'fix-qdf', src, fixed]);
    await run('qpdf', ['--compress-streams=y', '--object-streams=preserve', '--deterministic-id', fixed, out]);
    return new Uint8Array(await readFile(out));
  });
}

export async function pdfPageCount(input: Uint8Array): Promise<number> {
  return withTempDir(async (dir) => {
    const src = join(dir, 'in.pdf');
    await writeFile(src, input);
    const { stdout } = await run('qpdf', ['--show-npages', src]);
    return Number(stdout.trim());
  });
}
