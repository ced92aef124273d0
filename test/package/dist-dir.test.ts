/**
 * The desktop package as IT would receive it, built offline by `npm run dist:dir` (a stub Electron
 * binary when the real one cannot be downloaded): what app.asar holds, what sits unpacked beside
 * it, what it must never carry, and its size against the budget in docs/deploy.md.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractAll, listPackage } from '@electron/asar';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import yaml from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/environment.js';

/** docs/deploy.md, "Package size": app.asar plus everything unpacked beside it. */
export const RESOURCES_BUDGET_MB = 110;

const built = existsSync(join(REPO_ROOT, 'dist', 'electron', 'main', 'main.js')) && existsSync(join(REPO_ROOT, 'dist', 'renderer', 'index.html'));
const linux = process.platform === 'linux';
if (!built) console.log('package test skipped: nothing built (npm test builds first; run npm run build)');

function sizeOf(path: string): number {
  const s = statSync(path);
  if (!s.isDirectory()) return s.size;
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0);
}

describe.skipIf(!built || !linux)('npm run dist:dir (offline package)', () => {
  let out = '';
  let resources = '';
  let asarEntries: string[] = [];
  let unpacked = '';

  beforeAll(() => {
    out = mkdtempSync(join(tmpdir(), 'veracity-dist-'));
    const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'dist-dir.mjs'), '--out', out], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 600_000 });
    if (run.status !== 0) throw new Error(`dist:dir failed (${run.status}):\n${run.stderr}\n${run.stdout}`);
    resources = join(out, 'linux-unpacked', 'resources');
    asarEntries = listPackage(join(resources, 'app.asar'), { isPack: false }).map((p) => p.replaceAll('\\', '/'));
    unpacked = join(resources, 'app.asar.unpacked');
  }, 600_000);

  afterAll(() => {
    if (out) rmSync(out, { recursive: true, force: true });
  });

  it('app.asar holds the main process, the preload script, the service, the engine and the built renderer', () => {
    for (const entry of [
      '/package.json',
      '/dist/electron/main/main.js',
      '/dist/electron/main/preload.cjs',
      '/dist/electron/service/server.js',
      '/dist/engine/analyze.js',
      '/dist/renderer/index.html',
    ]) {
      expect(asarEntries, entry).toContain(entry);
    }
    expect(asarEntries.some((e) => e.startsWith('/dist/renderer/assets/') && e.endsWith('.js'))).toBe(true);
  });

  it('carries no tests, benchmarks, sources, source maps or development packages', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    const shipped = new Set(
      asarEntries
        .filter((e) => e.startsWith('/node_modules/'))
        .map((e) =>
          e
            .split('/')
            .slice(2, e.split('/')[2]?.startsWith('@') ? 4 : 3)
            .join('/'),
        ),
    );
    for (const dev of Object.keys(pkg.devDependencies)) expect(shipped.has(dev), `devDependency ${dev} shipped`).toBe(false);
    expect(asarEntries.filter((e) => /^\/(dist\/(test|bench)|test|bench|engine|electron|renderer\/src|scripts)\//.test(e))).toEqual([]);
    expect(asarEntries.filter((e) => e.endsWith('.map') || (e.endsWith('.ts') && !e.endsWith('.d.ts')))).toEqual([]);
    // The analysis threads' one-script bundle is for Node 20; Electron's Node runs the modules.
    expect(asarEntries.filter((e) => e.endsWith('.bundle.cjs'))).toEqual([]);
  });

  it('unpacks the native addons, the OCR engine and model, and pdf.js', () => {
    const ocrModel = join('node_modules', '@tesseract.js-data', 'eng', '4.0.0_best_int', 'eng.traineddata.gz');
    for (const file of [
      join('node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
      join('node_modules', 'sharp', 'package.json'),
      join('node_modules', 'tesseract.js-core', 'tesseract-core-simd-lstm.wasm'),
      // What tesseract.js 7 actually loads in Node (electron-builder.yml says why).
      join('node_modules', 'tesseract.js-core', 'tesseract-core-simd.js'),
      join('node_modules', 'tesseract.js-core', 'tesseract-core-simd.wasm'),
      join('node_modules', 'tesseract.js-core', 'tesseract-core.wasm'),
      ocrModel,
      // The minified builds the engine imports (engine/read/pdf/text/pdfjs.ts).
      join('node_modules', 'pdfjs-dist', 'legacy', 'build', 'pdf.min.mjs'),
      join('node_modules', 'pdfjs-dist', 'legacy', 'build', 'pdf.worker.min.mjs'),
    ]) {
      expect(existsSync(join(unpacked, file)), file).toBe(true);
    }
    expect(readdirSync(join(unpacked, 'node_modules', 'pdfjs-dist', 'cmaps')).filter((n) => n.endsWith('.bcmap')).length).toBeGreaterThan(100);
    const natives = readdirSync(join(unpacked, 'node_modules', '@img')).filter((n) => n.startsWith('sharp-'));
    expect(natives.length).toBeGreaterThan(0);
    // The OCR model the engine loads is the one shipped (engine/read/ocr/tesseract.ts langPath).
    const source = readFileSync(join(REPO_ROOT, 'engine', 'read', 'ocr', 'tesseract.ts'), 'utf8');
    expect(source).toContain("'4.0.0_best_int'");
  });

  it('leaves out what never runs: other pdf.js builds, browser-only OCR cores, compiler output', () => {
    expect(existsSync(join(unpacked, 'node_modules', 'pdfjs-dist', 'build'))).toBe(false);
    expect(existsSync(join(unpacked, 'node_modules', 'pdfjs-dist', 'web'))).toBe(false);
    expect(readdirSync(join(unpacked, 'node_modules', 'tesseract.js-core')).filter((n) => n.endsWith('.wasm.js'))).toEqual([]);
    expect(existsSync(join(unpacked, 'node_modules', 'better-sqlite3', 'deps'))).toBe(false);
    expect(existsSync(join(unpacked, 'node_modules', '@tesseract.js-data', 'eng', '4.0.0'))).toBe(false);
  });

  it(`stays within the size budget (${RESOURCES_BUDGET_MB} MB of resources)`, () => {
    const asarMb = sizeOf(join(resources, 'app.asar')) / 2 ** 20;
    const unpackedMb = sizeOf(unpacked) / 2 ** 20;
    console.log(
      `package resources: app.asar ${asarMb.toFixed(1)} MB + unpacked ${unpackedMb.toFixed(1)} MB = ${(asarMb + unpackedMb).toFixed(1)} MB (budget ${RESOURCES_BUDGET_MB} MB)`,
    );
    expect(asarMb + unpackedMb).toBeLessThanOrEqual(RESOURCES_BUDGET_MB);
  });

  it('declares the desktop entry and the PDF, PNG and JPEG file associations', () => {
    const config = yaml.load(readFileSync(join(REPO_ROOT, 'electron-builder.yml'), 'utf8')) as {
      appId: string;
      fileAssociations: Array<{ ext: string | string[]; mimeType: string }>;
      linux: { category: string; mimeTypes: string[]; target: string[] };
    };
    expect(config.fileAssociations.flatMap((a) => [a.ext].flat()).sort()).toEqual(['jpeg', 'jpg', 'pdf', 'png']);
    expect(config.linux.mimeTypes.sort()).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(config.linux.category).toBeTruthy();
    expect(readdirSync(join(out, 'linux-unpacked'))).toContain('veracity');
    expect(relative(out, resources)).toBe(join('linux-unpacked', 'resources'));
  });

  it('the shipped engine, run from the package alone, reads a scanned PDF (pdf.js render + OCR) and a photo', async () => {
    // app.asar extracted with its unpacked files laid over it: what Electron's fs shows the app.
    const app = join(out, 'app');
    extractAll(join(resources, 'app.asar'), app);
    cpSync(unpacked, app, { recursive: true });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="white"/><text x="120" y="300" font-family="DejaVu Sans" font-size="48">Invoice 2041 total 1,250.00 EUR</text></svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    page.drawImage(await pdf.embedPng(png), { x: 0, y: 0, width: 595, height: 842 });
    writeFileSync(join(out, 'scan.pdf'), await pdf.save());
    writeFileSync(join(out, 'photo.jpg'), await sharp(png).jpeg({ quality: 85 }).toBuffer());
    const script = `
      const { analyze } = await import(${JSON.stringify(pathToFileURL(join(app, 'dist', 'engine', 'index.js')).href)});
      const { readFileSync } = await import('node:fs');
      const out = {};
      for (const f of ['scan.pdf', 'photo.jpg']) {
        const a = await analyze(new Uint8Array(readFileSync(${JSON.stringify(out)} + '/' + f)), { filename: f });
        out[f] = { mime: a.document.mime_type ?? a.document.mimeType, incomplete: a.incomplete, text: a.text };
      }
      console.log(JSON.stringify(out));
      process.exit(0);`;
    // NODE_PATH empty and cwd outside the repository: nothing can come from the checkout's node_modules.
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: out,
      encoding: 'utf8',
      timeout: 240_000,
      env: { ...process.env, NODE_PATH: '' },
    });
    expect(run.status, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, { incomplete: { cause?: string }[]; text: string }>;
    for (const f of ['scan.pdf', 'photo.jpg']) {
      // Every detector ran from the package; a sum the page does not print is "not checked"
      // (cause 'unreadable'), which says what the document lacks, not what the package lacks.
      expect(
        result[f]?.incomplete.filter((i) => i.cause !== 'unreadable'),
        f,
      ).toEqual([]);
      expect(result[f]?.text, f).toMatch(/1,?250/);
    }
  }, 300_000);
});
