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

type ServiceModule = { startService?: (opts: Record<string, unknown>) => ReturnType<StartService> };

/** The service (with the dashboard endpoints the review UI needs), loaded only once Electron runs. */
async function loadStartService(): Promise<StartService> {
  const load = (p: string) => import(pathToFileURL(join(here, '..', 'service', p)).href);
  const service = (await load('index.js')) as ServiceModule;
  const start = service.startService;
  if (typeof start !== 'function') throw new Error('the service module does not export startService');
  return (opts) => start(opts);
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
