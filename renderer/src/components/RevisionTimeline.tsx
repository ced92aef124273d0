import { diffArrays } from 'diff';
import { useState } from 'react';
import type { Revision, TextDiff } from '../api/contract.js';
import { humanize } from '../lib/format.js';

/**
 * The changed words as whole tokens ("1,250.00" -> "9,250.00"; a character diff would splice
 * digits into each other), then the line they sit in, word-diffed, as context.
 */
function WordDiff({ d }: { d: TextDiff }) {
  // Whitespace-separated tokens, so "1,250.00" -> "9,250.00" stays two whole amounts.
  const tokens = (line: string) => line.split(/(\s+)/).filter((t) => t !== '');
  const context =
    d.lineBefore !== undefined && d.lineAfter !== undefined
      ? diffArrays(tokens(d.lineBefore), tokens(d.lineAfter)).map((p) => ({ ...p, value: p.value.join('') }))
      : null;
  return (
    <>
      <p className="word-diff">
        {d.before && <del>{d.before}</del>}
        {d.before && d.after && ' \u2192 '}
        {d.after && <ins>{d.after}</ins>}
      </p>
      {context && (
        <p className="word-diff small muted">
          {context.map((p, i) => (p.added ? <ins key={i}>{p.value}</ins> : p.removed ? <del key={i}>{p.value}</del> : <span key={i}>{p.value}</span>))}
        </p>
      )}
    </>
  );
}

interface Props {
  revisions: Revision[];
  onShowDiff(d: TextDiff): void;
  /** The check is of an image (PNG, JPEG): there is no revision history to look for. */
  image?: boolean;
}

/** Said in place of the timeline on an image's check: revisions are a PDF's, not a picture's. */
export const IMAGE_NO_REVISIONS =
  'Images have no revision history: only a PDF keeps its earlier versions inside the file. What the image itself shows (metadata, compression, provenance, pixels) is under Why.';

/** Revisions as a timeline; choosing one shows the text it changed, word by word. */
export function RevisionTimeline({ revisions, onShowDiff, image = false }: Props) {
  const edited = revisions.filter((r) => r.textDiff?.length);
  const [open, setOpen] = useState<number | null>(edited.at(-1)?.number ?? null);
  if (image) return <p className="muted">{IMAGE_NO_REVISIONS}</p>;
  if (revisions.length <= 1) {
    return (
      <p className="muted">
        {revisions.length === 1 ? 'One revision: the file was not updated after it was written.' : 'No revision history was recorded in this PDF.'}
      </p>
    );
  }
  const current = revisions.find((r) => r.number === open);
  return (
    <div className="revisions">
      <ol className="timeline">
        {revisions.map((r) => (
          <li key={r.number}>
            <button type="button" className={`rev${open === r.number ? ' selected' : ''}`} aria-pressed={open === r.number} onClick={() => setOpen(r.number)}>
              <span className="rev-num">Revision {r.number}</span>
              <span className={`rev-kind kind-${r.kind}`}>{humanize(r.kind)}</span>
              <span className="muted small">
                {r.added.length} added · {r.changed.length} changed · {r.deleted.length} deleted
                {r.changedPages.length ? ` · pages ${r.changedPages.join(', ')}` : ''}
              </span>
            </button>
          </li>
        ))}
      </ol>
      {current && (
        <div className="rev-detail" aria-live="polite">
          <h4>Changes in revision {current.number}</h4>
          {current.textDiff?.length ? (
            <ul className="diffs">
              {current.textDiff.map((d, i) => (
                <li key={i}>
                  <div className="diff-head">
                    <span className="muted small">Page {d.page}</span>
                    {d.bbox && (
                      <button type="button" className="link-button small" onClick={() => onShowDiff(d)}>
                        Show on page
                      </button>
                    )}
                  </div>
                  <WordDiff d={d} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">No text changed in this revision.</p>
          )}
        </div>
      )}
    </div>
  );
}
