/** The workspace data folder: --data-dir, else VERACITY_DATA_DIR, else the OS per-user app-data folder. */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export function defaultDataDir(platform: NodeJS.Platform = process.platform, env: NodeJS.ProcessEnv = process.env, home = homedir()): string {
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'Veracity');
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Veracity');
  return join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'veracity');
}

export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  if (flag) return resolve(flag);
  if (env.VERACITY_DATA_DIR) return resolve(env.VERACITY_DATA_DIR);
  return defaultDataDir(process.platform, env);
}
