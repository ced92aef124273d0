#!/usr/bin/env node
/**
 * `npm run dist:dir`: the unpacked desktop package (`release/<platform>-unpacked`) built without
 * the network, so IT and CI can inspect what an installer would hold.
 *
 *   node scripts/dist-dir.mjs [--out DIR]
 *
 * electron-builder normally downloads Electron; given an unpacked Electron (`electronDist`) it
 * does not. We use node_modules/electron/dist when Electron's postinstall fetched it, and
 * otherwise a stub folder (one placeholder executable): the package layout, asar, unpacked
 * natives and file associations are the same, only the Electron binary is fake, which is why the
 * stub is refused for anything but `--dir` and why native modules are not rebuilt then (the
 * rebuild needs Electron's headers from the network). Real installers: `npm run dist`.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 ? resolve(args[outIndex + 1]) : join(repo, 'release');

if (!existsSync(join(repo, 'dist', 'electron', 'main', 'main.js')) || !existsSync(join(repo, 'dist', 'renderer', 'index.html'))) {
  console.error('dist:dir: nothing built yet; run `npm run build` first.');
  process.exit(2);
}

const electronPkg = JSON.parse(readFileSync(join(repo, 'node_modules', 'electron', 'package.json'), 'utf8'));
const realDist = join(repo, 'node_modules', 'electron', 'dist');
const hasRealElectron = existsSync(join(realDist, process.platform === 'win32' ? 'electron.exe' : process.platform === 'darwin' ? 'Electron.app' : 'electron'));

let stubDir = null;
if (!hasRealElectron && process.platform !== 'linux') {
  console.error(`dist:dir: no Electron binary in node_modules/electron/dist and the offline stub only works for Linux packages (this is ${process.platform}).`);
  process.exit(2);
}
if (!hasRealElectron) {
  stubDir = mkdtempSync(join(tmpdir(), 'veracity-electron-stub-'));
  writeFileSync(
    join(stubDir, 'electron'),
    '#!/bin/sh\necho "stub Electron: this package was built offline for inspection; build with npm run dist to run it" >&2\nexit 1\n',
  );
  chmodSync(join(stubDir, 'electron'), 0o755);
  mkdirSync(join(stubDir, 'resources'));
  writeFileSync(join(stubDir, 'version'), electronPkg.version);
  console.log(`dist:dir: no Electron binary here; packaging around a stub executable (Electron ${electronPkg.version} layout).`);
}

const { build, Platform } = await import('electron-builder');
const platform = process.platform === 'win32' ? Platform.WINDOWS : process.platform === 'darwin' ? Platform.MAC : Platform.LINUX;
try {
  const written = await build({
    projectDir: repo,
    targets: platform.createTarget('dir'),
    config: {
      extends: join(repo, 'electron-builder.yml'),
      directories: { output: out, buildResources: 'resources' },
      electronVersion: electronPkg.version,
      electronDist: hasRealElectron ? realDist : stubDir,
      npmRebuild: hasRealElectron,
      publish: null,
    },
  });
  console.log(`dist:dir: ${written.length ? written.join(', ') : out}`);
} finally {
  if (stubDir) rmSync(stubDir, { recursive: true, force: true });
}
