import { useId } from 'react';
import { DECISIONS, DOC_TYPES } from '../api/contract.js';
import { EMPTY_FILTER, isFilterActive, type StatusFilter } from '../lib/filters.js';
import { humanize } from '../lib/format.js';
import { useInbox } from '../state/inbox.js';

export function InboxFilters() {
  const filter = useInbox((s) => s.filter);
  const setFilter = useInbox((s) => s.setFilter);
  const id = useId();
  return (
    <div className="filters" role="search" aria-label="Filter checks">
      <div className="field grow">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="File name, issuer, name or sha256"
          value={filter.query}
          onChange={(e) => setFilter({ query: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-d`}>Decision</label>
        <select id={`${id}-d`} value={filter.status} onChange={(e) => setFilter({ status: e.target.value as StatusFilter })}>
          <option value="all">All</option>
          {DECISIONS.map((d) => (
            <option key={d} value={d}>
              {humanize(d)}
            </option>
          ))}
          <option value="processing">Analysing</option>
          <option value="failed">Failed</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-t`}>Document type</label>
        <select id={`${id}-t`} value={filter.docType} onChange={(e) => setFilter({ docType: e.target.value })}>
          <option value="">Any</option>
          {DOC_TYPES.map((t) => (
            <option key={t} value={t}>
              {humanize(t)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-f`}>From</label>
        <input id={`${id}-f`} type="date" value={filter.from} onChange={(e) => setFilter({ from: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>To</label>
        <input id={`${id}-to`} type="date" value={filter.to} onChange={(e) => setFilter({ to: e.target.value })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-r`}>
          <input id={`${id}-r`} type="checkbox" checked={filter.related} onChange={(e) => setFilter({ related: e.target.checked })} /> Has related documents
        </label>
      </div>
      {isFilterActive(filter) && (
        <button type="button" className="link-button" onClick={() => setFilter(EMPTY_FILTER)}>
          Clear filters
        </button>
      )}
    </div>
  );
}
