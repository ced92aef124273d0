/**
 * Everything the shell needs from Electron, behind one interface: the shell logic runs under
 * plain Node with a fake (tests), and only electron-platform.ts touches the real module.
 */
export interface AppWindow {
  loadURL(url: string): Promise<void>;
  focus(): void;
  /** Guard navigation and window.open: `allow(url)` decides; everything else is refused. */
  guardNavigation(allow: (url: string) => boolean): void;
}

export interface WindowOptions {
  title: string;
  preloadPath: string;
  iconPath?: string;
}

export interface ElectronPlatform {
  requestSingleInstanceLock(): boolean;
  /** Another launch (e.g. "Open with" while running) handed us its argv. */
  onSecondInstance(listener: (argv: string[]) => void): void;
  /** macOS "open-file" (Finder, dock). */
  onOpenFile(listener: (path: string) => void): void;
  onAllWindowsClosed(listener: () => void): void;
  /** Runs before quitting; the promise is awaited before the app exits. */
  onWillQuit(listener: () => Promise<void>): void;
  whenReady(): Promise<void>;
  quit(): void;
  userDataPath(): string;
  /** Adds the CSP header to every response from `origin` and refuses all permission requests. */
  hardenSession(origin: string, csp: string): void;
  /** ipcRenderer.sendSync handler. */
  handleSync(channel: string, handler: () => unknown): void;
  /** ipcRenderer.invoke handler. */
  handle(channel: string, handler: () => Promise<unknown>): void;
  createWindow(options: WindowOptions): AppWindow;
  showOpenDialog(): Promise<string[]>;
  showError(title: string, message: string): void;
}

/** What the shell needs from the service (task A's startService). */
export interface ServiceHandle {
  url: string;
  close(): Promise<void>;
  createSessionKey(role: 'owner'): string | Promise<string>;
}

/** `portFallback`: when `port` is taken, take a free one (service.json tells local tools which). */
export type StartService = (options: { dataDir: string; host: string; port: number; portFallback: boolean }) => Promise<ServiceHandle>;
