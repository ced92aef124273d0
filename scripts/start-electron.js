#!/usr/bin/env node
// `npm start`: launch the desktop app with the project's Electron. When the Electron binary is
// not installed (CI and offline machines skip its download), say what to do instead; no stack trace.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

function electronBinary() {
  try {
    const path = require('electron'); // the electron package exports its binary's path under Node
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

function fail(lines) {
  process.stderr.write(lines.join('\n') + '\n');
  process.exit(1);
}

const binary = electronBinary();
if (!binary) {
  fail([
    'veracity: the Electron binary is not installed, so the desktop app cannot start.',
    '',
    'To install it (needs network access to download Electron):',
    '  unset ELECTRON_SKIP_BINARY_DOWNLOAD',
    '  node node_modules/electron/install.js',
    '  npm start',
    '',
    'Or use the same app in your browser, no Electron needed:',
    '  npm run build',
    '  node bin/veracity.js serve --open',
    '(or `veracity keys create --role owner` and sign in at the printed address).',
  ]);
}
if (!existsSync(new URL('../dist/electron/main/main.js', import.meta.url)) || !existsSync(new URL('../dist/renderer/index.html', import.meta.url))) {
  fail(['veracity: the app is not built yet. Run `npm run build`, then `npm start` again.']);
}

const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 0)));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
