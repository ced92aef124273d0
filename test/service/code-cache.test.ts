/**
 * The analysis thread's code on Node 20 (issue 33): one bundled script run with a V8 code cache
 * in the user's cache folder (electron/service/queue/code-cache.ts). The cache may change when
 * code is compiled, never what it computes: the same files give the same analyses from the
 * modules, from the bundle writing its cache, from the bundle using it, and from a damaged cache.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_FILE, bundleToRun, cacheFileFor } from '../../electron/service/queue/code-cache.js';
import { REPO_ROOT } from '../support/environment.js';
import { tempDir } from './helpers.js';

const QUEUE = join(REPO_ROOT, 'dist', 'electron', 'service', 'queue');
/** Node 22+ keeps compiled modules itself (bin/veracity.js): the bundle is for Node 20 only. */
const compileCache = 'enableCompileCache' in module;
if (compileCache) console.log('code-cache test: this Node has a module compile cache, the analysis bundle is not used');

interface Run {
  load: string;
  outcomes: unknown[];
}

describe('the analysis code cache', () => {
  let dir = '';
  let files: string[] = [];

  beforeAll(async () => {
    dir = tempDir();
    const pdf = await PDFDocument.create();
    pdf.setProducer('Core Banking 7');
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([595, 842]);
    const lines = ['Northbank plc', 'Statement 31/03/2025', 'Opening balance 1,200.00', 'Card payment 45.00', 'Closing balance 1,155.00'];
    lines.forEach((text, i) => page.drawText(text, { x: 60, y: 760 - 24 * i, size: 12, font }));
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><rect width="100%" height="100%" fill="white"/><text x="40" y="150" font-size="40">Total 1,250.00 EUR</text></svg>`;
    files = [join(dir, 'statement.pdf'), join(dir, 'total.png')];
    writeFileSync(files[0]!, await pdf.save());
    // An image: the bundle loads sharp and exifr through the host's import().
    writeFileSync(files[1]!, await sharp(Buffer.from(svg)).png().toBuffer());
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A fresh process analysing `files` through the built worker module, as a pool thread does. */
  function analyse(env: Record<string, string>, paths = files): Run {
    const script = `
      const run = (await import(${JSON.stringify(pathToFileURL(join(QUEUE, 'worker.js')).href)})).default;
      const { analysisCodeLoad } = await import(${JSON.stringify(pathToFileURL(join(QUEUE, 'code-cache.js')).href)});
      const outcomes = [];
      for (const path of ${JSON.stringify(paths)}) outcomes.push(await run({ path, filename: path.split('/').pop(), maxPages: 10, maxMegapixels: 100 }));
      // Timings differ from run to run; everything else must not.
      console.log(JSON.stringify({ load: analysisCodeLoad(), outcomes }, (k, v) => (k === 'timings' || k === 'work' ? undefined : v)));
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, VERACITY_CACHE_DIR: join(dir, 'cache'), VERACITY_CODE_CACHE: '', ...env },
    });
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Run;
  }

  it.skipIf(compileCache)(
    'gives the modules’ analyses from the bundle, with its cache written, used, and rejected when damaged',
    () => {
      expect(bundleToRun(QUEUE), `${BUNDLE_FILE} missing or older than the modules: run npm run build:ts`).not.toBeNull();
      const modules = analyse({ VERACITY_CODE_CACHE: '0' });
      expect(modules.load).toBe('modules');
      expect(modules.outcomes.every((o) => (o as { ok: boolean }).ok)).toBe(true);

      // Caches of five earlier builds: writing this build's keeps the three most recent of them.
      const cacheDir = join(dir, 'cache');
      mkdirSync(cacheDir);
      const now = Date.now() / 1000;
      const earlier = [1, 2, 3, 4, 5].map((n) => `analysis-code-earlier${n}.bin`);
      earlier.forEach((name, i) => {
        writeFileSync(join(cacheDir, name), 'x');
        utimesSync(join(cacheDir, name), now - 3600 * (i + 1), now - 3600 * (i + 1));
      });
      // A document that fails early ran little of the code: no cache is written after it.
      const broken = join(dir, 'broken.pdf');
      writeFileSync(broken, '%PDF-1.7\n1 0 obj <<');
      const failed = analyse({}, [broken]);
      expect(failed.load).toBe('bundle, cache written');
      expect((failed.outcomes[0] as { ok: boolean }).ok).toBe(false);
      expect(readdirSync(cacheDir).sort()).toEqual([...earlier].sort());
      const first = analyse({});
      expect(first.load).toBe('bundle, cache written');
      const current = readdirSync(cacheDir).filter((name) => !earlier.includes(name));
      expect(current).toHaveLength(1);
      expect(readdirSync(cacheDir).sort()).toEqual([...earlier.slice(0, 3), current[0]!].sort());
      const second = analyse({});
      expect(second.load).toBe('bundle, cache used');

      // A cache V8 refuses (here: not a cache at all) is replaced, and the run is not affected.
      writeFileSync(join(cacheDir, current[0]!), Buffer.alloc(4096, 7));
      const damaged = analyse({});
      expect(damaged.load).toBe('bundle, cache written');
      expect(analyse({}).load).toBe('bundle, cache used');

      for (const run of [first, second, damaged]) expect(run.outcomes).toEqual(modules.outcomes);
    },
    300_000,
  );

  it('runs no bundle older than the modules beside it (tsc run alone after a build)', () => {
    const folder = join(dir, 'queue');
    mkdirSync(folder);
    writeFileSync(join(folder, BUNDLE_FILE), '');
    writeFileSync(join(folder, 'analysis-core.js'), '');
    const now = Date.now() / 1000;
    utimesSync(join(folder, 'analysis-core.js'), now - 60, now - 60);
    expect(bundleToRun(folder)).toBe(join(folder, BUNDLE_FILE));
    utimesSync(join(folder, 'analysis-core.js'), now + 60, now + 60);
    expect(bundleToRun(folder)).toBeNull();
    expect(bundleToRun(join(folder, 'absent'))).toBeNull();
  });

  it('names a cache after the bundle’s content, and none for a bundle without its header', () => {
    const body = '(function () {})';
    const a = cacheFileFor(`// veracity-analysis-bundle ${'a'.repeat(40)}\n${body}`);
    const b = cacheFileFor(`// veracity-analysis-bundle ${'b'.repeat(40)}\n${body}`);
    expect(a).not.toBeNull();
    expect(b).not.toBeNull();
    expect(a).not.toBe(b);
    expect(cacheFileFor(body)).toBeNull();
  });
});
