import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../api/client.js';
import { ROLES, type Role } from '../api/contract.js';
import { useLoad } from '../hooks/useLoad.js';
import { formatDate, humanize } from '../lib/format.js';
import { useApi } from '../state/session.js';

const ROLE_HELP: Record<Role, string> = {
  owner: 'everything, including keys',
  admin: 'view, submit, manage rules and settings',
  analyst: 'view and submit documents, give feedback',
  viewer: 'view only',
};

function Keys() {
  const api = useApi();
  const id = useId();
  const keys = useLoad(() => api.listKeys(), [api]);
  const [role, setRole] = useState<Role>('analyst');
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (keys.error) {
    return <p className="muted">{/permission|lacks/i.test(keys.error) ? 'Your key cannot manage keys (owner role needed).' : keys.error}</p>;
  }
  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const k = await api.createKey(role, name);
      setCreated(k.key);
      setName('');
      keys.reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const revoke = async (keyId: string) => {
    if (!window.confirm('Revoke this key? Anything using it stops working at once.')) return;
    try {
      await api.revokeKey(keyId);
      keys.reload();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    }
  };
  return (
    <>
      <form className="inline-form" onSubmit={create}>
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Intake desk" maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-role`}>Role</label>
          <select id={`${id}-role`} value={role} onChange={(e) => setRole(e.target.value as Role)} aria-describedby={`${id}-role-help`}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {humanize(r)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="primary">Create key</button>
        <p id={`${id}-role-help`} className="muted small">{humanize(role)}: {ROLE_HELP[role]}.</p>
      </form>
      {created && (
        <div className="once" role="status">
          <p><strong>Copy this key now.</strong> It is shown once and cannot be recovered.</p>
          <code className="secret" data-testid="new-key">{created}</code>{' '}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(created)}>Copy</button>{' '}
          <button type="button" className="link-button" onClick={() => setCreated(null)}>Done</button>
        </div>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
      <table className="table">
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr><th scope="col">Name</th><th scope="col">Role</th><th scope="col">Created</th><th scope="col">Status</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
        </thead>
        <tbody>
          {keys.data?.data.map((k) => (
            <tr key={k.id} className={k.revoked_at ? 'dim' : undefined}>
              <th scope="row">{k.name ?? <span className="muted">{k.id}</span>}</th>
              <td>{humanize(k.role)}</td>
              <td>{formatDate(k.created_at)}</td>
              <td>{k.revoked_at ? `Revoked ${formatDate(k.revoked_at)}` : 'Active'}</td>
              <td>{!k.revoked_at && <button type="button" className="danger" onClick={() => void revoke(k.id)} aria-label={`Revoke ${k.name ?? k.id}`}>Revoke</button>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function WebhookSecret() {
  const api = useApi();
  const [secret, setSecret] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <p className="small">Deliveries carry <code>Veracity-Signature: t=…,v1=…</code>, an HMAC-SHA256 of <code>&lt;t&gt;.&lt;body&gt;</code> with this secret.</p>
      {secret ? (
        <code className="secret">{secret}</code>
      ) : (
        <button type="button" onClick={() => api.webhookSecret().then((s) => setSecret(s.secret), (e: Error) => setError(e.message))}>
          Reveal webhook secret
        </button>
      )}
      {error && <p className="field-error" role="alert">{error}</p>}
    </div>
  );
}

export function SettingsView() {
  const api = useApi();
  const about = useLoad(() => api.about(), [api]);
  return (
    <section aria-labelledby="set-h">
      <div className="page-head">
        <h1 id="set-h">Settings</h1>
      </div>
      <section className="card" aria-labelledby="keys-h">
        <h2 id="keys-h">API keys</h2>
        <Keys />
      </section>
      <section className="card" aria-labelledby="wh-h">
        <h2 id="wh-h">Webhooks</h2>
        <WebhookSecret />
      </section>
      <section className="card" aria-labelledby="ab-h">
        <h2 id="ab-h">This installation</h2>
        {about.data ? (
          <dl className="fields">
            <div className="wide"><dt>Data folder</dt><dd className="mono">{about.data.data_dir}</dd></div>
            <div><dt>Engine version</dt><dd>{about.data.engine_version}</dd></div>
            {about.data.service_version && <div><dt>Service version</dt><dd>{about.data.service_version}</dd></div>}
          </dl>
        ) : (
          <p className="muted">{about.error ?? 'Loading…'}</p>
        )}
      </section>
    </section>
  );
}
