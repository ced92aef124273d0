import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { DocumentCheck } from '../api/contract.js';
import { BatchProgress } from '../components/BatchProgress.js';
import { DecisionBadge } from '../components/DecisionBadge.js';
import { InboxFilters } from '../components/InboxFilters.js';
import { pickSupported, type Picked } from '../lib/files.js';
import { filterChecks, isFilterActive } from '../lib/filters.js';
import { formatDate, humanize } from '../lib/format.js';
import { routeHref } from '../lib/route.js';
import { dismissUpload, refreshHead, useInbox, type Upload } from '../state/inbox.js';
import { bridge, useApi } from '../state/session.js';

type Row = { kind: 'upload'; upload: Upload } | { kind: 'check'; check: DocumentCheck };
const ROW_HEIGHT = 64;

function CheckRow({ check }: { check: DocumentCheck }) {
  return (
    <>
      <DecisionBadge check={check} />
      <span className="row-main">
        <span className="row-title" title={check.document.filename}>
          {check.document.filename}
        </span>
        <span className="row-sub">
          {check.status === 'failed' ? (check.error?.message ?? 'Analysis failed') : (check.summary ?? (check.status === 'processing' ? 'Analysing…' : ''))}
        </span>
      </span>
      <span className="row-meta">
        <span>{check.extracted?.doc_type ? humanize(check.extracted.doc_type) : '—'}</span>
        {/* Clipped with an ellipsis by the stylesheet; the whole name on hover. */}
        <span className="muted row-issuer" title={check.extracted?.issuer ?? undefined}>
          {check.extracted?.issuer ?? ''}
        </span>
      </span>
      <span className="row-score" aria-label={check.risk_score === null ? 'No score yet' : `Score ${check.risk_score}`}>
        {check.risk_score ?? '–'}
      </span>
      <span className="row-date">{formatDate(check.created_at)}</span>
    </>
  );
}

function UploadRow({ upload }: { upload: Upload }) {
  return (
    <>
      <span className={`badge ${upload.state === 'failed' ? 'badge-failed' : 'badge-processing'}`}>
        {upload.state === 'failed' ? (
          'Not sent'
        ) : (
          <>
            <span className="spinner" aria-hidden="true" /> Uploading
          </>
        )}
      </span>
      <span className="row-main">
        <span className="row-title">{upload.filename}</span>
        <span className="row-sub">{upload.state === 'failed' ? upload.error : upload.state === 'queued' ? 'Waiting to upload' : 'Uploading…'}</span>
      </span>
      {upload.state === 'failed' && (
        <button type="button" className="link-button" onClick={() => dismissUpload(upload.localId)}>
          Dismiss
        </button>
      )}
    </>
  );
}

export function InboxView({ onFiles }: { onFiles(picked: Picked): void }) {
  const api = useApi();
  const byId = useInbox((s) => s.byId);
  const order = useInbox((s) => s.order);
  const uploads = useInbox((s) => s.uploads);
  const filter = useInbox((s) => s.filter);
  const loading = useInbox((s) => s.loading);
  const loadError = useInbox((s) => s.loadError);
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);

  const rows: Row[] = useMemo(() => {
    const checks = filterChecks(
      order.map((id) => byId[id]),
      filter,
    );
    const ups: Row[] = isFilterActive(filter) ? [] : uploads.map((u) => ({ kind: 'upload', upload: u }));
    return [...ups, ...checks.map((c) => ({ kind: 'check', check: c }) as Row)];
  }, [byId, order, uploads, filter]);

  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 8 });
  const activeIndex = Math.min(active, Math.max(0, rows.length - 1));

  // A new filter is a new list: start again at its top.
  useEffect(() => setActive(0), [filter]);

  useEffect(() => {
    if (rows.length) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, rows.length, virtualizer]);

  const open = (row: Row | undefined) => {
    if (row?.kind === 'check') window.location.hash = routeHref({ view: 'check', id: row.check.id });
  };

  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };
    if (e.key in moves) {
      e.preventDefault();
      setActive(Math.min(rows.length - 1, Math.max(0, activeIndex + moves[e.key])));
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      setActive(e.key === 'Home' ? 0 : rows.length - 1);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(rows[activeIndex]);
    }
  };

  const pick = async () => {
    const b = bridge();
    if (b?.openFileDialog) {
      await b.openFileDialog();
      await refreshHead(api);
    } else fileInput.current?.click();
  };

  const rowId = (i: number) => `inbox-row-${i}`;
  const total = order.length;

  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <div className="page-head">
        <h1 id="inbox-title">Inbox</h1>
        <p className="muted" aria-live="polite">
          {loading ? `Loading… ${total} checks` : `${rows.length} of ${total + uploads.length} shown`}
        </p>
        <div className="actions">
          <button type="button" className="primary" onClick={() => void pick()}>
            Add files
          </button>
          <button type="button" onClick={() => folderInput.current?.click()}>
            Add folder
          </button>
        </div>
        <input
          ref={fileInput}
          className="visually-hidden"
          type="file"
          multiple
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          aria-label="Choose documents to check"
          data-testid="file-input"
          tabIndex={-1}
          onChange={(e) => {
            onFiles(pickSupported([...(e.target.files ?? [])]));
            e.target.value = '';
          }}
        />
        <input
          ref={folderInput}
          className="visually-hidden"
          type="file"
          multiple
          aria-label="Choose a folder to check"
          tabIndex={-1}
          {...({ webkitdirectory: '' } as Record<string, string>)}
          onChange={(e) => {
            onFiles(pickSupported([...(e.target.files ?? [])]));
            e.target.value = '';
          }}
        />
      </div>
      <InboxFilters />
      <BatchProgress />
      {loadError && (
        <p className="field-error" role="alert">
          Could not load checks: {loadError}
        </p>
      )}
      {rows.length === 0 && !loading ? (
        <div className="empty">
          <p>{isFilterActive(filter) ? 'No checks match these filters.' : 'No documents yet.'}</p>
          {!isFilterActive(filter) && <p className="muted">Drop PDF, PNG or JPG files or whole folders anywhere on this window, or use “Add files”.</p>}
        </div>
      ) : (
        <div
          ref={scroller}
          className="inbox-list"
          role="listbox"
          aria-label="Document checks (arrow keys to move, Enter to open)"
          tabIndex={0}
          aria-activedescendant={rows.length ? rowId(activeIndex) : undefined}
          onKeyDown={onKey}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((v) => {
              const row = rows[v.index];
              return (
                <div
                  key={row.kind === 'check' ? row.check.id : row.upload.localId}
                  id={rowId(v.index)}
                  role="option"
                  aria-selected={v.index === activeIndex}
                  className={`inbox-row${v.index === activeIndex ? ' active' : ''}`}
                  style={{ transform: `translateY(${v.start}px)`, height: ROW_HEIGHT }}
                  onClick={() => {
                    setActive(v.index);
                    open(row);
                  }}
                  data-check-id={row.kind === 'check' ? row.check.id : undefined}
                >
                  {row.kind === 'check' ? <CheckRow check={row.check} /> : <UploadRow upload={row.upload} />}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
