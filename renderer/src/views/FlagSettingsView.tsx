import { useEffect, useMemo, useState } from 'react';
import type { FlagDefinition as CatalogEntry } from '../api/contract.js';

/** A catalog entry, or a code the catalog did not describe (shown with its code only). */
type FlagDefinition = Omit<CatalogEntry, 'category'> & { category: CatalogEntry['category'] | '' };
import { useLoad } from '../hooks/useLoad.js';
import { humanize } from '../lib/format.js';
import { useApi } from '../state/session.js';

export function FlagSettingsView() {
  const api = useApi();
  const settings = useLoad(() => api.getFlagSettings(), [api]);
  const catalog = useLoad(() => api.flagCatalog(), [api]);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const defs: FlagDefinition[] = useMemo(() => {
    const known = new Map((catalog.data?.data ?? []).map((d) => [d.code, d]));
    const codes = settings.data?.available_flag_codes ?? [...known.keys()];
    return codes.map((code) => known.get(code) ?? { code, category: '', severity: { min: 'low', max: 'high' }, title: humanize(code), description: '' });
  }, [catalog.data, settings.data]);

  // Shown at once (optimistic); the saved list from the service replaces it, or a failure reverts it.
  const [disabledCodes, setDisabledCodes] = useState<string[] | null>(null);
  useEffect(() => {
    if (settings.data) setDisabledCodes(settings.data.disabled_flag_codes);
  }, [settings.data]);

  if (!settings.data || !disabledCodes) return <p className="muted">{settings.error ?? 'Loading…'}</p>;
  const disabled = new Set(disabledCodes);

  const toggle = async (def: FlagDefinition, on: boolean) => {
    const before = disabledCodes;
    const next = on ? before.filter((c) => c !== def.code) : [...before, def.code];
    setDisabledCodes(next);
    setBusy(def.code);
    setStatus(null);
    try {
      const saved = await api.setDisabledFlags(next);
      setDisabledCodes(saved.disabled_flag_codes);
      setStatus({ ok: true, text: `${def.title} ${on ? 'enabled' : 'ignored'} for new analyses.` });
    } catch (err) {
      setDisabledCodes(before);
      setStatus({ ok: false, text: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="flags-h">
      <div className="page-head">
        <h1 id="flags-h">Flags</h1>
        <p className="muted">An ignored flag is left out of new checks and does not move their score. Existing checks are unchanged.</p>
      </div>
      {status && (
        <p role="status" className={status.ok ? 'ok' : 'field-error'}>
          {status.text}
        </p>
      )}
      <ul className="flag-catalog">
        {defs.map((d) => {
          const on = !disabled.has(d.code);
          return (
            <li key={d.code} className={`card${on ? '' : ' dim'}`}>
              <div>
                <h2 className="h4">{d.title}</h2>
                <p className="small">{d.description}</p>
                <p className="muted small">
                  <code>{d.code}</code>
                  {d.category &&
                    ` · ${humanize(d.category)} · severity ${d.severity.min === d.severity.max ? d.severity.min : `${d.severity.min}–${d.severity.max}`}`}
                </p>
              </div>
              <label className="switch">
                <input
                  type="checkbox"
                  role="switch"
                  checked={on}
                  disabled={busy === d.code}
                  onChange={(e) => void toggle(d, e.target.checked)}
                  aria-label={`${d.title} (${d.code}) enabled`}
                />
                <span>{on ? 'On' : 'Ignored'}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
