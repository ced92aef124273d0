#!/usr/bin/env node
// npm links the bins of dependencies into node_modules/.bin, never the project's own. Linking
// ours there makes `npx veracity …` run this checkout's CLI (instead of npx looking the name up
// in the registry). Run by `prepare`, so `npm ci` / `npm install` set it up.
import { chmodSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const binDir = join(root, 'node_modules', '.bin');
const target = join(root, 'bin', 'veracity.js');
if (!existsSync(join(root, 'node_modules'))) process.exit(0);
mkdirSync(binDir, { recursive: true });

if (process.platform === 'win32') {
  writeFileSync(join(binDir, 'veracity.cmd'), `@node "%~dp0\\${relative(binDir, target)}" %*\r\n`);
} else {
  const link = join(binDir, 'veracity');
  rmSync(link, { force: true });
  symlinkSync(relative(binDir, target), link);
  chmodSync(target, 0o755);
}
