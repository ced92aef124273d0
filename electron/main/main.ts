/**
 * Electron entry (package.json "main"). Loads Electron and the service lazily so that nothing in
 * electron/main imports 'electron' at module level except through this file.
 */
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createElectronPlatform } from './electron-platform.js';
import type { StartService } from './platform.js';
import { runShell } from './shell.js';

const here = dirname(fileURLToPath(import.meta.url));

async function loadStartService(): Promise<StartService> {
  const mod = (await import(pathToFileURL(join(here, '..', 'service', 'index.js')).href)) as { startService?: StartService };
  if (typeof mod.startService !== 'function') throw new Error('the service module does not export startService');
  return mod.startService;
}

const isFile = (p: string) => {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
};

const platform = await createElectronPlatform();
try {
  await runShell(platform, await loadStartService(), {
    argv: process.argv,
    preloadPath: join(here, 'preload.cjs'),
    iconPath: join(here, '..', '..', '..', 'resources', 'icon.png'),
    isFile,
    log: (m) => process.stderr.write(`veracity: ${m}\n`),
  });
} catch (err) {
  await platform.whenReady();
  platform.showError('Veracity could not start', (err as Error).message);
  platform.quit();
}
