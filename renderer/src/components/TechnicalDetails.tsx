import type { DocumentCheck } from '../api/contract.js';

/**
 * The engine's own account of the check: which version and mode produced it, whether a password
 * opened the file (the password itself is never kept), which detectors did not run and which
 * checks could not be carried out because what they need could not be read (a partial analysis:
 * what they would have checked was not checked).
 */
export function TechnicalDetails({ engine, failed = false }: { engine: DocumentCheck['engine']; failed?: boolean }) {
  const incomplete = engine.incomplete ?? [];
  return (
    <div className="technical">
      <p className="small">
        Engine {engine.version}, mode {engine.mode}.
        {engine.password_supplied ? ' A password was supplied to open the PDF (it was used for this check only and not kept).' : ''}
      </p>
      {engine.timings ? <StageTimes timings={engine.timings} /> : null}
      {failed ? (
        <p className="small">The analysis did not run: no check looked at this file.</p>
      ) : incomplete.length === 0 ? (
        <p className="muted small">Every applicable check ran.</p>
      ) : (
        <>
          <p className="small" role="status">
            <strong>Partial analysis:</strong> {incomplete.length === 1 ? '1 check' : `${incomplete.length} checks`} did not run or could not read what they
            need, so the score covers the others only.
          </p>
          <ul className="incomplete small">
            {incomplete.map((i, n) => (
              <li key={`${i.detector}-${n}`}>
                <span className="mono">{i.detector}</span>: {i.message}
                {i.checks?.length ? (
                  <>
                    {' '}
                    Not checked: <span className="mono">{i.checks.join(', ')}</span>.
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** Where the check's time went (milliseconds per stage), in the order a check lives them. */
function StageTimes({ timings }: { timings: NonNullable<DocumentCheck['engine']['timings']> }) {
  const stages = Object.entries(timings).filter((entry): entry is [string, number] => typeof entry[1] === 'number');
  return <p className="muted small">Time per stage: {stages.map(([name, ms]) => `${name} ${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`).join(', ')}.</p>;
}
