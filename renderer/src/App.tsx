import { useEffect, useState } from 'react';
import { filesFromDrop, type Picked } from './lib/files.js';
import { parseRoute, routeHref, type Route } from './lib/route.js';
import { loadAllChecks, pollProcessing, refreshHead, submitFiles } from './state/inbox.js';
import { useSession } from './state/session.js';
import { CheckView } from './views/CheckView.js';
import { FlagSettingsView } from './views/FlagSettingsView.js';
import { InboxView } from './views/InboxView.js';
import { RulesView } from './views/RulesView.js';
import { SettingsView } from './views/SettingsView.js';
import { SignIn } from './views/SignIn.js';
import { ThresholdsView } from './views/ThresholdsView.js';

function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  return route;
}

export function navigate(route: Route): void {
  window.location.hash = routeHref(route);
}

const NAV: Array<{ route: Route; label: string }> = [
  { route: { view: 'inbox' }, label: 'Inbox' },
  { route: { view: 'rules' }, label: 'Rules' },
  { route: { view: 'thresholds' }, label: 'Thresholds' },
  { route: { view: 'flags' }, label: 'Flags' },
  { route: { view: 'settings' }, label: 'Settings' },
];

/** Drop files or folders anywhere on the window. */
function useWindowDrop(onFiles: (picked: Picked) => void): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    let depth = 0;
    const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth++;
      setOver(true);
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) setOver(false);
    };
    const overFn = (e: DragEvent) => {
      if (hasFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!e.dataTransfer || !hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      setOver(false);
      void filesFromDrop(e.dataTransfer).then(onFiles);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overFn);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overFn);
      window.removeEventListener('drop', drop);
    };
  }, [onFiles]);
  return over;
}

function Workspace() {
  const api = useSession((s) => s.api)!;
  const signOut = useSession((s) => s.signOut);
  const route = useRoute();
  const [onFiles] = useState(() => ({ files, skipped }: Picked) => {
    if (files.length === 0 && skipped.length === 0) return;
    navigate({ view: 'inbox' });
    void submitFiles(api, files, undefined, skipped);
  });
  const dragging = useWindowDrop(onFiles);

  useEffect(() => {
    void loadAllChecks(api);
    const poll = setInterval(() => void pollProcessing(api).catch(() => undefined), 1000);
    const head = setInterval(() => void refreshHead(api).catch(() => undefined), 10_000);
    return () => {
      clearInterval(poll);
      clearInterval(head);
    };
  }, [api]);

  useEffect(() => {
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [route.view]);

  return (
    <>
      <a
        className="skip-link"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <a className="brand" href={routeHref({ view: 'inbox' })}>
          <span className="brand-mark" aria-hidden="true">
            V
          </span>{' '}
          Veracity
        </a>
        <nav aria-label="Main">
          <ul>
            {NAV.map((n) => {
              const current = n.route.view === route.view || (route.view === 'check' && n.route.view === 'inbox');
              return (
                <li key={n.label}>
                  <a href={routeHref(n.route)} aria-current={current ? 'page' : undefined}>
                    {n.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
        <button type="button" className="link-button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        {route.view === 'inbox' && <InboxView onFiles={onFiles} />}
        {route.view === 'check' && <CheckView key={route.id} id={route.id} />}
        {route.view === 'rules' && <RulesView />}
        {route.view === 'thresholds' && <ThresholdsView />}
        {route.view === 'flags' && <FlagSettingsView />}
        {route.view === 'settings' && <SettingsView />}
      </main>
      {dragging && (
        <div className="drop-overlay" role="status">
          <p>Drop PDF, PNG or JPG files or folders to check them</p>
        </div>
      )}
    </>
  );
}

export function App() {
  const session = useSession((s) => s.session);
  return session ? <Workspace /> : <SignIn />;
}
