#!/usr/bin/env node
// Thin launcher: the CLI is compiled from electron/cli to dist/ by `npm run build` (run by `npm ci` via prepare).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const entry = fileURLToPath(new URL('../dist/electron/cli/index.js', import.meta.url));
if (!existsSync(entry)) {
  process.stderr.write('veracity: not built yet. Run `npm run build` (or `npm ci`) first.\n');
  process.exit(1);
}
await import(pathToFileURL(entry).href);
