/** The real ElectronPlatform. Imported only by main.ts, which runs inside Electron. */
import type * as Electron from 'electron';
import type { AppWindow, ElectronPlatform, WindowOptions } from './platform.js';

export async function createElectronPlatform(): Promise<ElectronPlatform> {
  const electron = (await import('electron')) as typeof Electron & { default?: typeof Electron };
  const { app, BrowserWindow, dialog, ipcMain, session } = electron.default ?? electron;
  let windowRef: Electron.BrowserWindow | null = null;

  return {
    requestSingleInstanceLock: () => app.requestSingleInstanceLock(),
    onSecondInstance: (listener) => app.on('second-instance', (_e, argv) => listener(argv)),
    onOpenFile: (listener) =>
      app.on('open-file', (e, path) => {
        e.preventDefault();
        listener(path);
      }),
    onAllWindowsClosed: (listener) => app.on('window-all-closed', listener),
    onWillQuit: (listener) => {
      let done = false;
      app.on('will-quit', (e) => {
        if (done) return;
        e.preventDefault();
        void listener().finally(() => {
          done = true;
          app.quit();
        });
      });
    },
    whenReady: () => app.whenReady(),
    quit: () => app.quit(),
    userDataPath: () => app.getPath('userData'),
    hardenSession(origin, csp) {
      const s = session.defaultSession;
      s.webRequest.onHeadersReceived((details, callback) => {
        const headers = { ...details.responseHeaders };
        if (details.url.startsWith(origin)) headers['Content-Security-Policy'] = [csp];
        callback({ responseHeaders: headers });
      });
      s.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
      s.setPermissionCheckHandler(() => false);
    },
    handleSync: (channel, handler) =>
      ipcMain.on(channel, (event) => {
        event.returnValue = handler();
      }),
    handle: (channel, handler) => ipcMain.handle(channel, () => handler()),
    createWindow(options: WindowOptions): AppWindow {
      const win = new BrowserWindow({
        title: options.title,
        width: 1400,
        height: 900,
        minWidth: 900,
        minHeight: 600,
        icon: options.iconPath,
        show: false,
        webPreferences: {
          preload: options.preloadPath,
          contextIsolation: true,
          sandbox: true,
          nodeIntegration: false,
          webSecurity: true,
          allowRunningInsecureContent: false,
          webviewTag: false,
          navigateOnDragDrop: false,
          spellcheck: false,
        },
      });
      windowRef = win;
      win.once('ready-to-show', () => win.show());
      win.on('closed', () => {
        windowRef = null;
      });
      return {
        loadURL: (url) => win.loadURL(url),
        focus() {
          if (win.isMinimized()) win.restore();
          win.show();
          win.focus();
        },
        guardNavigation(allow) {
          const wc = win.webContents;
          wc.on('will-navigate', (e, url) => {
            if (!allow(url)) e.preventDefault();
          });
          wc.on('will-redirect', (e, url) => {
            if (!allow(url)) e.preventDefault();
          });
          wc.setWindowOpenHandler(() => ({ action: 'deny' }));
          wc.on('will-attach-webview', (e) => e.preventDefault());
        },
      };
    },
    async showOpenDialog() {
      const options: Electron.OpenDialogOptions = {
        title: 'Choose documents to check',
        properties: ['openFile', 'multiSelections'],
        filters: [{ name: 'Documents', extensions: ['pdf', 'png', 'jpg', 'jpeg'] }],
      };
      const result = windowRef ? await dialog.showOpenDialog(windowRef, options) : await dialog.showOpenDialog(options);
      return result.canceled ? [] : result.filePaths;
    },
    showError: (title, message) => dialog.showErrorBox(title, message),
  };
}
