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
await import(pathToFileURL(entry).href);
