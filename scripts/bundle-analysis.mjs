#!/usr/bin/env node
// The analysis thread's code in one script (dist/electron/service/queue/analysis-core.bundle.cjs),
// for Node 20, which keeps no compiled code between runs: electron/service/queue/code-cache.ts runs
// it with a V8 code cache. Bundled from tsc's output (the code that runs without the bundle), not
// from the sources; names are kept. Needs esbuild (a development dependency): without it the
// step is skipped with one line and the thread loads the modules as they are.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'dist', 'electron', 'service', 'queue');
const entry = join(outDir, 'analysis-core.js');
const outfile = join(outDir, 'analysis-core.bundle.cjs');

/** Loaded on first use through the host's import() (native, or heavy and rare): never bundled. */
const HOST_IMPORTS = /^(sharp|exifr|tesseract\.js|@trustnxt\/c2pa-ts(\/.*)?|@napi-rs\/canvas)$/;

let esbuild;
try {
  esbuild = await import('esbuild');
} catch {
  console.log('bundle-analysis: esbuild not installed, analysis threads load their modules unbundled');
  process.exit(0);
}
if (!existsSync(entry)) {
  console.error(`bundle-analysis: ${relative(root, entry)} missing: run tsc first`);
  process.exit(1);
}
rmSync(outfile, { force: true });

const toBundle = (file) => relative(outDir, file).split(sep).join('/');

/**
 * ES modules read their own location from import.meta.url (to resolve pdf.js's data and the
 * OCR model); inside the bundle each gets its original file's URL, computed from the bundle's
 * place at run time so a moved install still resolves. Dynamic imports of HOST_IMPORTS become
 * calls of the host's import(): a script run by vm cannot import() on Node 20 without a flag.
 */
const rewrite = {
  name: 'veracity-rewrite',
  setup(build) {
    build.onLoad({ filter: /\.(m?js|cjs)$/ }, async (args) => {
      let contents = await readFile(args.path, 'utf8');
      if (contents.includes('import.meta.url')) {
        contents = contents.replaceAll('import.meta.url', `__veracityUrl(${JSON.stringify(toBundle(args.path))})`);
      }
      contents = contents.replace(/\bimport\((['"])([^'"]+)\1\)/g, (call, _q, specifier) =>
        HOST_IMPORTS.test(specifier) ? `__veracityImport(${JSON.stringify(specifier)})` : call,
      );
      return { contents, loader: 'js' };
    });
  },
};

const result = await esbuild.build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  // Paths stay under the install (node_modules may be a link), for the URLs above.
  preserveSymlinks: true,
  keepNames: true,
  minify: false,
  legalComments: 'inline',
  logLevel: 'warning',
  metafile: true,
  plugins: [rewrite],
  external: ['sharp', 'exifr', 'tesseract.js', '@trustnxt/c2pa-ts', '@napi-rs/canvas'],
  banner: {
    js: '(function (exports, require, module, __filename, __dirname, __veracityImport) {\n"use strict";\nconst __veracityUrl = (p) => require("node:url").pathToFileURL(require("node:path").join(__dirname, p)).href;',
  },
  footer: { js: '})' },
});

// Everything else must be inside: a bare require() or import() left over would load a second copy.
const leftOver = Object.values(result.metafile.outputs)
  .flatMap((o) => o.imports)
  .filter((i) => i.external && !i.path.startsWith('node:') && !isBuiltin(i.path));
if (leftOver.length) {
  rmSync(outfile, { force: true });
  console.error(`bundle-analysis: unbundled imports ${leftOver.map((i) => `${i.kind} ${i.path}`).join(', ')}`);
  process.exit(1);
}
// The first line names the content, so the thread finds its cache without hashing 4 MB each run.
const code = readFileSync(outfile, 'utf8');
writeFileSync(outfile, `// veracity-analysis-bundle ${createHash('sha1').update(code).digest('hex')}\n${code}`);
console.log(`bundle-analysis: ${relative(root, outfile)} (${(statSync(outfile).size / 1e6).toFixed(1)} MB)`);

function isBuiltin(name) {
  return /^(assert|buffer|child_process|crypto|events|fs|fs\/promises|module|os|path|stream|stream\/web|string_decoder|url|util|v8|vm|worker_threads|zlib|perf_hooks|http|https|net|tls|dns|readline|process|timers|timers\/promises)$/.test(
    name,
  );
}
