import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.js';
import type { DocumentCheck } from '../api/contract.js';
import { routeHref } from '../lib/route.js';
import { rememberPassword } from '../lib/session-passwords.js';
import { useInbox } from '../state/inbox.js';
import { useApi } from '../state/session.js';

/** The failures a password answers. */
export function needsPassword(check: DocumentCheck): boolean {
  return check.status === 'failed' && (check.error?.code === 'password_required' || check.error?.code === 'password_incorrect');
}

/**
 * A failed check whose PDF needs a password: asks for it and checks the same file again with it
 * (the service keeps the password in memory for that analysis only). A wrong one is said here,
 * so the reviewer can try again without leaving the page; the right one opens the new check.
 */
export function PasswordPrompt({ check }: { check: DocumentCheck }) {
  const api = useApi();
  const ids = { title: useId(), hint: useId(), input: useId() };
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(check.error?.code === 'password_incorrect' ? 'The password given last time did not open it.' : null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const file = await api.getFile(check.id);
      const next = await api.submit(new Blob([file], { type: check.document.mime_type }), check.document.filename, check.engine.mode, password);
      rememberPassword(password);
      useInbox.getState().upsert([next]);
      window.location.hash = routeHref({ view: 'check', id: next.id });
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      setProblem(
        code === 'password_incorrect'
          ? 'That password does not open the file. Check it with the sender and try again.'
          : `The file could not be checked again: ${(err as Error).message}`,
      );
      setPassword('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="password-prompt" role="dialog" aria-labelledby={ids.title} aria-describedby={ids.hint} onSubmit={(e) => void submit(e)}>
      <h3 id={ids.title}>This PDF needs a password</h3>
      <p id={ids.hint} className="small">
        Statements are often locked with a date of birth or part of an ID number. The password is used for this check only and is never stored.
      </p>
      <label htmlFor={ids.input}>Password</label>
      <div className="password-row">
        <input
          id={ids.input}
          type="password"
          autoComplete="off"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          aria-invalid={problem !== null}
        />
        <button type="submit" disabled={!password || busy}>
          {busy ? 'Checking…' : 'Open and check'}
        </button>
      </div>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
