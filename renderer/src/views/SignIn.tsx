import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.js';
import { useSession } from '../state/session.js';

export function SignIn() {
  const signIn = useSession((s) => s.signIn);
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const errorId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await signIn(key);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 401 ? 'That key was not accepted. Check it and try again.' : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="signin" id="main">
      <form className="card signin-card" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">
          <span className="brand-mark" aria-hidden="true">
            V
          </span>{' '}
          Veracity
        </h1>
        <p className="muted">Sign in with an API key for this workspace.</p>
        <label htmlFor={inputId}>API key</label>
        <input
          id={inputId}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          placeholder="vk_live_…"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          required
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="muted small">
          Create a key with <code>veracity keys create --role owner</code>, or open the link printed by <code>veracity serve --open</code>.
        </p>
      </form>
    </main>
  );
}
