#!/usr/bin/env node
// Thin launcher: the CLI is compiled from electron/cli to dist/ by `npm run build` (run by `npm ci` via prepare).
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/electron/cli/index.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('veracity: not built yet. Run `npm run build` (or `npm ci`) first.\n');
  process.exit(1);
}
// Node 22+ keeps the compiled code of every module (pdf.js, the engine) on disk between runs, in
// the OS temp folder: `veracity check` pays most of its start-up compiling them. No-op on Node 20.
module.enableCompileCache?.();
// `veracity check`: its analysis thread starts loading the engine before the rest of the CLI
// loads (dist/electron/cli/check/early-thread.js).
if (process.argv[2] === 'check') {
  const { startCheckThreadEarly } = await import(new URL('../dist/electron/cli/check/early-thread.js', import.meta.url).href);
  startCheckThreadEarly(process.argv.slice(2));
}
await import(pathToFileURL(entry).href);
