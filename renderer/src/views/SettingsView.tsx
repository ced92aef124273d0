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
        <button type="submit" className="primary">
          Create key
        </button>
        <p id={`${id}-role-help`} className="muted small">
          {humanize(role)}: {ROLE_HELP[role]}.
        </p>
      </form>
      {created && (
        <div className="once" role="status">
          <p>
            <strong>Copy this key now.</strong> It is shown once and cannot be recovered.
          </p>
          <code className="secret" data-testid="new-key">
            {created}
          </code>{' '}
          <button type="button" onClick={() => void navigator.clipboard?.writeText(created)}>
            Copy
          </button>{' '}
          <button type="button" className="link-button" onClick={() => setCreated(null)}>
            Done
          </button>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <table className="table">
        <caption className="visually-hidden">API keys</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Created</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.data?.data.map((k) => (
            <tr key={k.id} className={k.revoked_at ? 'dim' : undefined}>
              <th scope="row">{k.name ?? <span className="muted">{k.id}</span>}</th>
              <td>{humanize(k.role)}</td>
              <td>{formatDate(k.created_at)}</td>
              <td>{k.revoked_at ? `Revoked ${formatDate(k.revoked_at)}` : 'Active'}</td>
              <td>
                {!k.revoked_at && (
                  <button type="button" className="danger" onClick={() => void revoke(k.id)} aria-label={`Revoke ${k.name ?? k.id}`}>
                    Revoke
                  </button>
                )}
              </td>
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
      <p className="small">
        Deliveries carry <code>Veracity-Signature: t=…,v1=…</code>, an HMAC-SHA256 of <code>&lt;t&gt;.&lt;body&gt;</code> with this secret.
      </p>
      {secret ? (
        <code className="secret">{secret}</code>
      ) : (
        <button
          type="button"
          onClick={() =>
            api.webhookSecret().then(
              (s) => setSecret(s.secret),
              (e: Error) => setError(e.message),
            )
          }
        >
          Reveal webhook secret
        </button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Settings IT pins in policy.json, in the words of the Settings page. */
const POLICY_LABELS: Record<string, string> = {
  data_dir: 'Data folder',
  api_port: 'API port',
  allow_private_urls: 'Private and loopback URLs allowed',
  webhooks_enabled: 'Webhooks enabled',
  retention: 'Retention',
  rate_limit_per_minute: 'Requests per minute per key',
};

function policyValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (value && typeof value === 'object')
    return Object.entries(value)
      .map(([k, v]) => `${humanize(k)}: ${v ?? 'keep forever'}`)
      .join('; ');
  return String(value);
}

function LocalApi({ url }: { url: string | null }) {
  if (!url) return <p className="muted">The API address is not known yet.</p>;
  const curl = `curl -H "Authorization: Bearer $VERACITY_KEY" ${url}/api/v1/document-checks/`;
  return (
    <>
      <dl className="fields">
        <div className="wide">
          <dt>API address</dt>
          <dd className="mono" data-testid="api-url">
            {url}/api/v1
          </dd>
        </div>
      </dl>
      <p className="small">
        Local tools use their own key: create one above (role <em>analyst</em> to submit, <em>viewer</em> to read) and keep it in
        <code> VERACITY_KEY</code>. The window's own session key is never for tools. <code>veracity status</code> prints this address;
        <code> service.json</code> in the data folder holds it while the app runs.
      </p>
      <code className="secret" data-testid="curl-line">
        {curl}
      </code>{' '}
      <button type="button" onClick={() => void navigator.clipboard?.writeText(curl)}>
        Copy
      </button>
    </>
  );
}

interface PolicyView {
  path: string;
  pinned: Record<string, unknown>;
  error: string | null;
}

function MachinePolicy({ policy }: { policy: PolicyView | null }) {
  if (!policy) return null;
  const entries = Object.entries(policy.pinned);
  return (
    <section className="card" aria-labelledby="pol-h">
      <h2 id="pol-h">Machine policy</h2>
      {policy.error ? (
        <p className="field-error" role="alert" data-testid="policy-error">
          {policy.path} was refused ({policy.error}). Veracity runs with safe defaults: private URLs refused, webhooks off.
        </p>
      ) : entries.length === 0 ? (
        <p className="muted">No machine policy ({policy.path} is absent): every setting is yours.</p>
      ) : (
        <p className="small">
          Set by your administrator in <code>{policy.path}</code>; these cannot be changed here.
        </p>
      )}
      {entries.length > 0 && (
        <dl className="fields" data-testid="policy-pinned">
          {entries.map(([k, v]) => (
            <div key={k}>
              <dt>
                {POLICY_LABELS[k] ?? humanize(k)} <span className="muted small">(pinned)</span>
              </dt>
              <dd>{policyValue(v)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

export function SettingsView() {
  const api = useApi();
  const about = useLoad(() => api.about(), [api]);
  const extra = about.data as (typeof about.data & { api_url?: string | null; policy?: PolicyView | null }) | null | undefined;
  return (
    <section aria-labelledby="set-h">
      <div className="page-head">
        <h1 id="set-h">Settings</h1>
      </div>
      <section className="card" aria-labelledby="keys-h">
        <h2 id="keys-h">API keys</h2>
        <Keys />
      </section>
      <section className="card" aria-labelledby="api-h">
        <h2 id="api-h">Local API</h2>
        <LocalApi url={extra?.api_url ?? null} />
      </section>
      <MachinePolicy policy={extra?.policy ?? null} />
      <section className="card" aria-labelledby="wh-h">
        <h2 id="wh-h">Webhooks</h2>
        <WebhookSecret />
      </section>
      <section className="card" aria-labelledby="ab-h">
        <h2 id="ab-h">This installation</h2>
        {about.data ? (
          <dl className="fields">
            {about.data.data_dir && (
              <div className="wide">
                <dt>Data folder</dt>
                <dd className="mono">{about.data.data_dir}</dd>
              </div>
            )}
            <div>
              <dt>Engine version</dt>
              <dd>{about.data.engine_version}</dd>
            </div>
            {about.data.service_version && (
              <div>
                <dt>Service version</dt>
                <dd>{about.data.service_version}</dd>
              </div>
            )}
          </dl>
        ) : (
          <p className="muted">{about.error ?? 'Loading…'}</p>
        )}
      </section>
    </section>
  );
}
