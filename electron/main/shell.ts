/**
 * The desktop shell's logic: one instance, the service in-process on loopback, one hardened
 * window on it, and documents from "Open with" submitted and shown. Electron is reached only
 * through ElectronPlatform, so this runs under plain Node in tests.
 */
import { documentsInArgv, submitDocument, type SubmitDeps } from './open-with.js';
import type { AppWindow, ElectronPlatform, ServiceHandle, StartService } from './platform.js';
import { CONTENT_SECURITY_POLICY, isAllowedNavigation } from './security.js';

export const IPC_SESSION = 'veracity:session';
export const IPC_OPEN_DIALOG = 'veracity:open-file-dialog';

/** DECISIONS "Beyond v1": the desktop app's API port, so local tools know where to look first. */
export const DEFAULT_DESKTOP_PORT = 8410;

/** VERACITY_PORT when it names a usable port, else 8410 (a machine policy may still pin another). */
export function desktopPort(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.VERACITY_PORT?.trim();
  if (raw && /^\d+$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535) return Number(raw);
  return DEFAULT_DESKTOP_PORT;
}

export interface ShellOptions {
  argv: readonly string[];
  /** The port to try first (default desktopPort()). */
  port?: number;
  preloadPath: string;
  iconPath?: string;
  isFile(path: string): boolean;
  submit?: SubmitDeps;
  log?(message: string): void;
}

export interface Shell {
  service: ServiceHandle;
  window: AppWindow;
  /** Submit documents and show the last one (used by Open With and the file dialog). */
  openDocuments(paths: readonly string[]): Promise<string[]>;
}

export async function runShell(platform: ElectronPlatform, startService: StartService, options: ShellOptions): Promise<Shell | null> {
  if (!platform.requestSingleInstanceLock()) {
    // The first instance receives our argv through its second-instance event.
    platform.quit();
    return null;
  }
  const log = options.log ?? (() => undefined);
  let shell: Shell | null = null;
  const early: string[] = documentsInArgv(options.argv, options.isFile);

  const open = (paths: string[]) => {
    if (paths.length === 0) return;
    if (shell) void shell.openDocuments(paths);
    else early.push(...paths);
  };
  platform.onSecondInstance((argv) => {
    shell?.window.focus();
    open(documentsInArgv(argv, options.isFile));
  });
  // macOS passes the file alone, not an argv; the argv filter still applies to its type.
  platform.onOpenFile((path) => open(documentsInArgv(['', path], options.isFile)));

  await platform.whenReady();
  let service: ServiceHandle;
  try {
    service = await startService({ dataDir: platform.userDataPath(), host: '127.0.0.1', port: options.port ?? desktopPort(), portFallback: true });
  } catch (err) {
    platform.showError('Veracity could not start', `The analysis service failed to start: ${(err as Error).message}`);
    platform.quit();
    return null;
  }
  const baseUrl = service.url.replace(/\/$/, '');
  const sessionKey = await service.createSessionKey('owner');

  platform.hardenSession(new URL(baseUrl).origin, CONTENT_SECURITY_POLICY);
  platform.handleSync(IPC_SESSION, () => ({ baseUrl, sessionKey }));

  const window = platform.createWindow({ title: 'Veracity', preloadPath: options.preloadPath, iconPath: options.iconPath });
  window.guardNavigation((url) => isAllowedNavigation(url, baseUrl));

  const submitDeps = options.submit ?? { readFile: async (p) => new Uint8Array(await (await import('node:fs/promises')).readFile(p)), fetch };
  const openDocuments = async (paths: readonly string[]) => {
    const ids: string[] = [];
    for (const path of paths) {
      try {
        ids.push(await submitDocument(baseUrl, sessionKey, path, submitDeps));
      } catch (err) {
        platform.showError('Could not check this file', `${path}: ${(err as Error).message}`);
      }
    }
    if (ids.length === 1) await window.loadURL(`${baseUrl}/#/checks/${encodeURIComponent(ids[0])}`);
    else if (ids.length > 1) await window.loadURL(`${baseUrl}/#/inbox`);
    window.focus();
    log(`submitted ${ids.length} document(s)`);
    return ids;
  };
  platform.handle(IPC_OPEN_DIALOG, async () => openDocuments(await platform.showOpenDialog()));

  platform.onAllWindowsClosed(() => platform.quit());
  platform.onWillQuit(() => service.close());

  await window.loadURL(`${baseUrl}/`);
  shell = { service, window, openDocuments };
  if (early.length) await openDocuments(early.splice(0));
  return shell;
}
