import { create } from 'zustand';
import { ApiClient } from '../api/client.js';
import { forgetKey, keyFromFragment, loginCodeFromFragment, redeemLoginCode, rememberKey, resolveSession, type Bridge, type Session } from '../lib/session.js';

interface SessionState {
  session: Session | null;
  api: ApiClient | null;
  signIn(key: string): Promise<void>;
  signOut(): void;
}

function clientFor(s: Session): ApiClient {
  return new ApiClient(s.baseUrl, s.key);
}

const initial = typeof window === 'undefined' ? null : resolveSession(window as unknown as Parameters<typeof resolveSession>[0]);

export const useSession = create<SessionState>((set) => ({
  session: initial,
  api: initial ? clientFor(initial) : null,
  async signIn(key) {
    const session: Session = { baseUrl: '', key: key.trim(), bridge: null };
    const api = clientFor(session);
    await api.listChecks(1); // throws ApiError(401) for a wrong key
    rememberKey(window, session.key);
    set({ session, api });
  },
  signOut() {
    forgetKey(window);
    set({ session: null, api: null });
  },
}));

export function bridge(): Bridge | null {
  return useSession.getState().session?.bridge ?? null;
}

/** Components below the sign-in gate can rely on a client. */
export function useApi(): ApiClient {
  const api = useSession((s) => s.api);
  if (!api) throw new Error('useApi outside a signed-in session');
  return api;
}

/** `#login=CODE`: the code leaves the address bar at once and is exchanged for a session key. */
async function signInWithLoginCode(): Promise<void> {
  const code = loginCodeFromFragment(window.location.hash);
  if (!code) return;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  const key = await redeemLoginCode(code).catch(() => null);
  if (!key) return;
  const session: Session = { baseUrl: '', key, bridge: null };
  rememberKey(window, key);
  useSession.setState({ session, api: clientFor(session) });
}

if (typeof window !== 'undefined') {
  void signInWithLoginCode();
  window.addEventListener('hashchange', () => void signInWithLoginCode());
}

// A `#key=` link opened in a tab that is already showing the app changes only the fragment.
if (typeof window !== 'undefined') {
  window.addEventListener('hashchange', () => {
    if (!keyFromFragment(window.location.hash)) return;
    const s = resolveSession(window as unknown as Parameters<typeof resolveSession>[0]);
    if (s) useSession.setState({ session: s, api: clientFor(s) });
  });
}
