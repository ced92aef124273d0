/** An in-memory ElectronPlatform that records what the shell asked Electron to do. */
import type { AppWindow, ElectronPlatform, ServiceHandle, WindowOptions } from '../../electron/main/platform.js';

export class FakeWindow implements AppWindow {
  loaded: string[] = [];
  focused = 0;
  allow: ((url: string) => boolean) | null = null;
  constructor(readonly options: WindowOptions) {}
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  focus() {
    this.focused++;
  }
  guardNavigation(allow: (url: string) => boolean) {
    this.allow = allow;
  }
}

export class FakePlatform implements ElectronPlatform {
  lock = true;
  quits = 0;
  windows: FakeWindow[] = [];
  errors: Array<{ title: string; message: string }> = [];
  hardened: { origin: string; csp: string } | null = null;
  syncHandlers = new Map<string, () => unknown>();
  handlers = new Map<string, () => Promise<unknown>>();
  dialogResult: string[] = [];
  secondInstance: ((argv: string[]) => void) | null = null;
  openFile: ((path: string) => void) | null = null;
  allClosed: (() => void) | null = null;
  willQuit: (() => Promise<void>) | null = null;

  requestSingleInstanceLock() {
    return this.lock;
  }
  onSecondInstance(l: (argv: string[]) => void) {
    this.secondInstance = l;
  }
  onOpenFile(l: (path: string) => void) {
    this.openFile = l;
  }
  onAllWindowsClosed(l: () => void) {
    this.allClosed = l;
  }
  onWillQuit(l: () => Promise<void>) {
    this.willQuit = l;
  }
  async whenReady() {}
  quit() {
    this.quits++;
  }
  userDataPath() {
    return '/tmp/veracity-user-data';
  }
  hardenSession(origin: string, csp: string) {
    this.hardened = { origin, csp };
  }
  handleSync(channel: string, handler: () => unknown) {
    this.syncHandlers.set(channel, handler);
  }
  handle(channel: string, handler: () => Promise<unknown>) {
    this.handlers.set(channel, handler);
  }
  createWindow(options: WindowOptions) {
    const w = new FakeWindow(options);
    this.windows.push(w);
    return w;
  }
  async showOpenDialog() {
    return this.dialogResult;
  }
  showError(title: string, message: string) {
    this.errors.push({ title, message });
  }
}

export function fakeService(url = 'http://127.0.0.1:4555'): ServiceHandle & { closed: number; started: Array<Record<string, unknown>> } {
  return {
    url,
    closed: 0,
    started: [],
    async close() {
      this.closed++;
    },
    createSessionKey: () => 'vk_live_' + 'S'.repeat(32),
  };
}
