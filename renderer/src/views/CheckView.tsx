import { useEffect, useMemo, useState } from 'react';
import type { DocumentCheck, Reason, TextDiff } from '../api/contract.js';
import { DecisionBadge } from '../components/DecisionBadge.js';
import { DocumentViewer } from '../components/DocumentViewer.js';
import { ExtractedFields } from '../components/ExtractedFields.js';
import { FeedbackForm } from '../components/FeedbackForm.js';
import { FlagList } from '../components/FlagList.js';
import { RelatedDocuments } from '../components/RelatedDocuments.js';
import { RevisionTimeline } from '../components/RevisionTimeline.js';
import { ScoreGauge } from '../components/ScoreGauge.js';
import { TechnicalDetails } from '../components/TechnicalDetails.js';
import { FailedAnalysis } from '../components/FailedAnalysis.js';
import { needsPassword, PasswordPrompt } from '../components/PasswordPrompt.js';
import { NOT_RUN } from '../lib/failure.js';
import { TriggeredRules } from '../components/TriggeredRules.js';
import { boxesOf, heatmapsOf, normalizeBBox, targetPage, visibleEvidence, type Box, type Heatmap } from '../lib/evidence.js';
import { formatBytes, formatDate, humanize } from '../lib/format.js';
import { routeHref } from '../lib/route.js';
import { useLoad } from '../hooks/useLoad.js';
import { useInbox } from '../state/inbox.js';
import { useApi } from '../state/session.js';

function useCheck(id: string): { check: DocumentCheck | null; error: string | null } {
  const api = useApi();
  const cached = useInbox((s) => s.byId[id] ?? null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      api.getCheck(id).then(
        (c) => {
          if (!live) return;
          useInbox.getState().upsert([c]);
          if (c.status === 'processing') setTimeout(load, 1000);
        },
        (e: Error) => live && setError(e.message),
      );
    void load();
    return () => {
      live = false;
    };
  }, [api, id]);
  return { check: cached, error };
}

export function CheckView({ id }: { id: string }) {
  const api = useApi();
  const { check, error } = useCheck(id);
  const completed = check?.status === 'completed';
  const failed = check?.status === 'failed';
  const image = check ? check.document.mime_type !== 'application/pdf' : false;
  const waiting = failed ? NOT_RUN : 'Available when the analysis completes.';
  const analysis = useLoad(() => (completed ? api.getAnalysis(id) : Promise.resolve(null)), [api, id, completed]);
  const related = useLoad(() => (completed ? api.listRelated(id) : Promise.resolve(null)), [api, id, completed]);
  const [selection, setSelection] = useState<{ key: string; boxes: Box[]; heatmaps: Heatmap[]; page: number | null; nonce: number } | null>(null);
  const [showAll, setShowAll] = useState(false);

  const allBoxes = useMemo(() => check?.flags.flatMap((f) => f.reasons.flatMap(boxesOf)) ?? [], [check]);
  const heatmaps = useMemo(() => check?.flags.flatMap((f) => f.reasons.flatMap(heatmapsOf)) ?? [], [check]);

  if (error)
    return (
      <p className="field-error" role="alert">
        Could not load this check: {error}
      </p>
    );
  if (!check) return <p className="muted">Loading…</p>;

  const selectReason = (key: string, reason: Reason) => {
    // Boxes are matched by identity in the overlay, so take them from the shared list.
    const own = boxesOf(reason);
    const shared = allBoxes.filter((b) => own.some((o) => o.page === b.page && o.bbox.every((v, i) => v === b.bbox[i])));
    const ownHeat = heatmapsOf(reason);
    const sharedHeat = heatmaps.filter((h) => ownHeat.some((o) => o.image === h.image && o.page === h.page));
    setSelection({ key, boxes: shared, heatmaps: sharedHeat, page: targetPage(reason), nonce: Date.now() });
  };
  const showDiff = (d: TextDiff) => {
    const box: Box = { page: d.page, bbox: normalizeBBox(d.bbox!), label: `“${d.before}” → “${d.after}”` };
    setSelection({ key: `diff-${d.page}-${d.before}`, boxes: [box], heatmaps: [], page: d.page, nonce: Date.now() });
  };
  const shown = visibleEvidence({ boxes: allBoxes, heatmaps }, selection, showAll);
  const evidenceCount = allBoxes.length + heatmaps.length;

  return (
    <article className="check" aria-labelledby="check-title">
      <nav className="crumbs" aria-label="Breadcrumb">
        <a href={routeHref({ view: 'inbox' })}>← Inbox</a>
      </nav>
      <p className="print-only muted small">
        Veracity report · {check.id} · printed {formatDate(new Date().toISOString())}
      </p>
      <header className="check-head card">
        <div className="check-title">
          <h1 id="check-title">{check.document.filename}</h1>
          <DecisionBadge check={check} />
          {check.risk_level && <span className="risk-level">Risk {check.risk_level}</span>}
          <button type="button" className="print-button" onClick={() => window.print()}>
            Export report
          </button>
        </div>
        <div className="check-verdict">
          <ScoreGauge score={check.risk_score} thresholds={check.thresholds} />
          <div>
            <p className="summary">{check.status === 'failed' ? check.error?.message : (check.summary ?? 'Analysing…')}</p>
            <p className="muted small">
              {humanize(check.document.format)} · {check.document.pages === 1 ? '1 page' : `${check.document.pages ?? '?'} pages`} ·{' '}
              {formatBytes(check.document.size_bytes)} · checked {formatDate(check.created_at)} · engine {check.engine.version} ({check.engine.mode})
            </p>
            <p className="muted small mono">sha256 {check.document.sha256}</p>
          </div>
        </div>
      </header>
      <div className="check-body">
        <div className="check-side">
          <section aria-labelledby="flags-title" className="card">
            <h2 id="flags-title">Why</h2>
            {failed && needsPassword(check) && <PasswordPrompt key={check.id} check={check} />}
            {failed ? <FailedAnalysis error={check.error} /> : <FlagList flags={check.flags} selectedKey={selection?.key ?? null} onSelect={selectReason} />}
          </section>
          <section aria-labelledby="related-title" className="card">
            <h2 id="related-title">Related documents</h2>
            {completed ? <RelatedDocuments items={related.data?.data ?? null} error={related.error} /> : <p className="muted">{waiting}</p>}
          </section>
          <section aria-labelledby="rev-title" className="card">
            <h2 id="rev-title">Revisions</h2>
            {image && !failed ? (
              <RevisionTimeline revisions={[]} onShowDiff={showDiff} image />
            ) : analysis.data ? (
              <RevisionTimeline revisions={analysis.data.revisions} onShowDiff={showDiff} />
            ) : (
              <p className="muted">{analysis.error ?? (completed ? 'Loading…' : waiting)}</p>
            )}
          </section>
          <section aria-labelledby="rules-title" className="card">
            <h2 id="rules-title">Rules that fired</h2>
            <TriggeredRules rules={check.rules} status={check.status} />
          </section>
          <section aria-labelledby="fields-title" className="card">
            <h2 id="fields-title">Extracted fields</h2>
            {failed ? <p className="muted">{NOT_RUN}</p> : <ExtractedFields extracted={check.extracted} />}
          </section>
          <section aria-labelledby="tech-title" className="card">
            <h2 id="tech-title">Technical details</h2>
            <TechnicalDetails engine={check.engine} failed={failed} />
          </section>
          {completed && (
            <section aria-labelledby="fb-title" className="card no-print">
              <h2 id="fb-title">Feedback</h2>
              <FeedbackForm check={check} />
            </section>
          )}
        </div>
        <section className="check-doc" aria-label="Document pages">
          {evidenceCount > 0 && (
            <div className="evidence-toolbar no-print">
              <span className="muted small" data-testid="evidence-hint">
                {showAll
                  ? `All evidence on the pages (${evidenceCount})`
                  : selection
                    ? 'The selected reason on the page'
                    : 'Select a reason to see where it points on the page'}
              </span>
              <label className="small">
                <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} data-testid="show-all-evidence" /> Show all evidence
              </label>
            </div>
          )}
          <DocumentViewer
            checkId={check.id}
            mime={check.document.mime_type}
            boxes={shown.boxes}
            selected={shown.selected}
            heatmaps={shown.heatmaps}
            focus={selection?.page ? { page: selection.page, nonce: selection.nonce } : null}
          />
        </section>
      </div>
    </article>
  );
}
