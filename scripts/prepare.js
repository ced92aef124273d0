#!/usr/bin/env node
// `prepare` (run by `npm ci`, `npm install`, and by `npx veracity` when npm self-installs this
// checkout into its cache): link the CLI into node_modules/.bin and build dist/ -- but only when
// a source is newer than the last build, so `npx veracity …` starts in a second, not a minute.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist', '.build-stamp');
const SOURCES = ['engine', 'electron', 'renderer', 'test/lab', 'bench', 'scripts/bundle-analysis.mjs', 'package.json', 'tsconfig.json', 'tsconfig.build.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function run(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

run(process.execPath, [join(root, 'scripts', 'link-bin.js')]);
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
const sources = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
if (built >= sources && process.env.VERACITY_FORCE_BUILD !== '1') process.exit(0);
run('npm', ['run', 'build']);
writeFileSync(stamp, new Date().toISOString() + '\n');
