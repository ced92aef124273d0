import { SEVERITIES, type Flag, type Reason } from '../api/contract.js';
import { boxesOf } from '../lib/evidence.js';
import { humanize } from '../lib/format.js';

interface Props {
  flags: Flag[];
  selectedKey: string | null;
  onSelect(key: string, reason: Reason): void;
}

function pagesLabel(pages: number[]): string {
  if (pages.length === 0) return 'whole document';
  return `${pages.length === 1 ? 'page' : 'pages'} ${pages.join(', ')}`;
}

/** Flags grouped by severity, most severe first; each reason is a button that shows its spot. */
export function FlagList({ flags, selectedKey, onSelect }: Props) {
  if (flags.length === 0) return <p className="muted">No flags were raised.</p>;
  return (
    <div className="flag-groups">
      {SEVERITIES.map((sev) => {
        const group = flags.filter((f) => f.severity === sev);
        if (group.length === 0) return null;
        return (
          <section key={sev} className="flag-group" aria-labelledby={`sev-${sev}`}>
            <h3 id={`sev-${sev}`} className={`sev-heading sev-${sev}`}>
              {humanize(sev)} <span className="count">{group.length}</span>
            </h3>
            {group.map((flag) => (
              <article key={flag.code} className={`flag sev-border-${sev}`} aria-labelledby={`flag-${flag.code}`}>
                <header>
                  <h4 id={`flag-${flag.code}`}>{flag.title}</h4>
                  <span className="muted small">
                    {flag.code} · {humanize(flag.category)} · {pagesLabel(flag.pages)}
                  </span>
                </header>
                <p className="flag-desc">{flag.description}</p>
                <ul className="reasons">
                  {flag.reasons.map((r, i) => {
                    const key = `${flag.code}#${i}`;
                    const located = boxesOf(r).length > 0;
                    return (
                      <li key={key}>
                        <button
                          type="button"
                          className={`reason${selectedKey === key ? ' selected' : ''}`}
                          aria-pressed={selectedKey === key}
                          onClick={() => onSelect(key, r)}
                          data-reason-code={r.code}
                        >
                          <span className="reason-summary">{r.summary}</span>
                          <span className="reason-where muted small">
                            {located ? 'Show on page' : pagesLabel(r.pages)}
                            {typeof r.evidence?.before === 'string' && typeof r.evidence?.after === 'string' && (
                              <>
                                {' '}
                                · “{r.evidence.before}” → “{r.evidence.after}”
                              </>
                            )}
                          </span>
                        </button>
                      </li>
                    );
                  })}
                </ul>
              </article>
            ))}
          </section>
        );
      })}
    </div>
  );
}
