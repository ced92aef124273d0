/**
 * "Related documents": the checks the workspace library related to this one (same file, same or
 * reused content, template), each with what matched, linking to the other check.
 */
import type { RelatedDocument } from '../api/contract.js';
import { humanize } from '../lib/format.js';
import { matchSummary } from '../lib/related.js';
import { routeHref } from '../lib/route.js';

export function RelatedDocuments({ items, error }: { items: RelatedDocument[] | null; error: string | null }) {
  if (error) return <p className="field-error">{error}</p>;
  if (!items) return <p className="muted">Loading…</p>;
  if (items.length === 0) return <p className="muted">No other check in this workspace matches this document.</p>;
  return (
    <ul className="related-list" data-testid="related-documents">
      {items.map((r, i) => (
        <li key={`${r.check_id}-${r.relation}-${i}`}>
          <a href={routeHref({ view: 'check', id: r.check_id })} className="mono">
            {r.check_id}
          </a>{' '}
          <strong>{humanize(r.relation)}</strong>
          <div className="muted small">{matchSummary(r)}</div>
        </li>
      ))}
    </ul>
  );
}
