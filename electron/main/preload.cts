/**
 * The only bridge between the page and the shell (contextIsolation + sandbox: this file is
 * CommonJS and may use only contextBridge and ipcRenderer). Exposes exactly
 * {baseUrl, sessionKey, openFileDialog}.
 */
import { contextBridge, ipcRenderer } from 'electron';

const session = ipcRenderer.sendSync('veracity:session') as { baseUrl: string; sessionKey: string };

contextBridge.exposeInMainWorld('veracity', {
  baseUrl: session.baseUrl,
  sessionKey: session.sessionKey,
  openFileDialog: (): Promise<string[]> => ipcRenderer.invoke('veracity:open-file-dialog'),
});
