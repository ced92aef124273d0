/**
 * Where the API key comes from (DECISIONS "Command line"): the Electron preload bridge, else the
 * URL fragment `#key=…` (removed from the address bar at once), else this tab's session storage.
 * The key is never written to localStorage, so it does not outlive the browser session.
 */
export interface Bridge {
  baseUrl: string;
  sessionKey: string;
  openFileDialog?: () => Promise<string[]>;
}

export interface Session {
  baseUrl: string;
  key: string;
  bridge: Bridge | null;
}

const STORAGE_KEY = 'veracity.key';

/** `#key=abc` or `#key=abc&…` -> abc; anything else -> null. */
export function keyFromFragment(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw.startsWith('key=')) return null;
  const key = new URLSearchParams(raw).get('key');
  return key && key.trim() ? key.trim() : null;
}

/** `#login=CODE` (a one-time code from `veracity serve --open`) -> CODE; anything else -> null. */
export function loginCodeFromFragment(hash: string): string | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw.startsWith('login=')) return null;
  const code = new URLSearchParams(raw).get('login');
  return code && code.trim() ? code.trim() : null;
}

/** Exchanges a one-time login code for its session key; null when the code is no good. */
export async function redeemLoginCode(code: string, fetchFn: typeof fetch = fetch): Promise<string | null> {
  const res = await fetchFn('/dashboard/v1/session/redeem', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!res.ok) return null;
  const body = (await res.json()) as { key?: unknown };
  return typeof body.key === 'string' ? body.key : null;
}

interface WindowLike {
  location: { hash: string; pathname: string; search: string; origin: string };
  history: { replaceState(data: unknown, unused: string, url?: string): void };
  sessionStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void; removeItem(k: string): void };
  veracity?: Bridge;
}

export function resolveSession(win: WindowLike): Session | null {
  const bridge = win.veracity ?? null;
  if (bridge?.sessionKey) return { baseUrl: bridge.baseUrl.replace(/\/$/, ''), key: bridge.sessionKey, bridge };
  const fromFragment = keyFromFragment(win.location.hash);
  if (fromFragment) {
    win.history.replaceState(null, '', win.location.pathname + win.location.search);
    win.sessionStorage.setItem(STORAGE_KEY, fromFragment);
    return { baseUrl: '', key: fromFragment, bridge: null };
  }
  const stored = win.sessionStorage.getItem(STORAGE_KEY);
  return stored ? { baseUrl: '', key: stored, bridge: null } : null;
}

export function rememberKey(win: Pick<WindowLike, 'sessionStorage'>, key: string): void {
  win.sessionStorage.setItem(STORAGE_KEY, key);
}

export function forgetKey(win: Pick<WindowLike, 'sessionStorage'>): void {
  win.sessionStorage.removeItem(STORAGE_KEY);
}
