/** Renders eval reports as terminal tables. */
import type { LabelledReport, RateBlock } from './labelled.js';
import type { RealReport } from './real.js';
import { num, pct, table } from './table.js';

function rateRow(name: string, r: RateBlock): string[] {
  return [name, String(r.samples), String(r.analysed), String(r.failed), pct(r.flagged), pct(r.not_clear), num(r.mean_score, 1)];
}

const RATE_HEADER = ['', 'n', 'analysed', 'failed', 'flagged', 'not clear', 'mean score'];

function dict(rec: Record<string, number>): string {
  const entries = Object.entries(rec).sort((a, b) => b[1] - a[1]);
  return entries.length ? entries.map(([k, v]) => `${k} ${v}`).join(', ') : '-';
}

export function renderLabelled(r: LabelledReport): string {
  const out: string[] = [];
  out.push(`LABELLED CORPUS ${r.corpus}: ${r.samples} samples (${dict(r.by_label)})`);
  out.push('"flagged" = decision suspicious or fraudulent; "not clear" = any decision but clear. Rates over analysed samples.');
  out.push('');
  out.push(
    table(RATE_HEADER, [
      rateRow('detection: tampered', r.detection.tampered),
      rateRow('detection: ai_generated', r.detection.ai_generated),
      rateRow('detection: all forged', r.detection.forged),
      rateRow('false positives: genuine', r.false_positives.genuine),
    ]),
  );
  out.push('', `ROC AUC (risk_score, forged vs genuine): ${num(r.roc_auc, 3)}`, '');
  if (r.reliability) {
    out.push('Reliability (per score band, observed share of forged documents)');
    out.push(
      table(
        ['score band', 'n', 'forged', 'forged share'],
        r.reliability.map((b) => [b.band, String(b.samples), String(b.forged), b.forged_share === null ? '-' : pct(b.forged_share)]),
      ),
      '',
    );
  }
  out.push(`Per family (leave-one-family-out: detectors tuned on family ${r.tuned_on} only; other families are held out)`);
  out.push(
    table(
      ['family', 'role', 'tampered n', 'tampered flagged', 'pixel n', 'pixel flagged', 'genuine n', 'genuine flagged', 'AUC'],
      r.per_family.map((f) => [
        f.family,
        f.tuned ? 'tuned on' : 'held out',
        String(f.tampered.analysed),
        pct(f.tampered.flagged),
        String(f.pixel.analysed),
        pct(f.pixel.flagged),
        String(f.genuine.analysed),
        pct(f.genuine.flagged),
        num(f.roc_auc, 3),
      ]),
    ),
    '',
  );
  out.push(
    'Decisions by label: ' +
      Object.entries(r.decisions)
        .map(([l, d]) => `${l}: ${dict(d)}`)
        .join(' | '),
    '',
  );
  out.push('Per technique (recall for forged techniques, false-positive rate for genuine ones)');
  out.push(
    table(
      ['technique', 'family', 'label', 'n', 'failed', 'flagged', 'not clear', 'mean score'],
      r.per_technique.map((t) => [
        t.technique,
        t.family ?? 'A',
        t.label,
        String(t.samples),
        String(t.failed),
        pct(t.flagged),
        pct(t.not_clear),
        num(t.mean_score, 1),
      ]),
    ),
  );
  out.push('', 'Per flag (raised vs expected_flags)');
  out.push(
    table(
      ['flag', 'expected', 'raised', 'tp', 'fp', 'fn', 'precision', 'recall'],
      r.per_flag.map((f) => [f.flag, String(f.support), String(f.raised), String(f.tp), String(f.fp), String(f.fn), pct(f.precision), pct(f.recall)]),
    ),
  );
  out.push('', 'Extraction accuracy (over samples whose truth has a value; spurious = value where truth is null)');
  out.push(
    table(
      ['field', 'present', 'correct', 'accuracy', 'spurious'],
      r.extraction.map((f) => [f.field, String(f.present), String(f.correct), pct(f.accuracy), String(f.spurious)]),
    ),
  );
  out.push('', `Failures: ${r.failures.count} (${dict(r.failures.by_status)}; codes: ${dict(r.failures.by_code)})`);
  for (const f of r.failures.items.slice(0, 8)) out.push(`  ${f.status} ${f.file}: ${f.error ?? ''}`);
  if (r.failures.items.length > 8) out.push(`  ... ${r.failures.items.length - 8} more in the JSON report`);
  out.push(`Detector errors (detector threw, analysis went on): ${dict(r.detector_errors)}`);
  out.push(`Not checked (what the check needs could not be read): ${dict(r.not_checked ?? {})}`);
  out.push(`Latency ms (analysed): p50 ${num(r.latency_ms.p50)}, p95 ${num(r.latency_ms.p95)}, max ${num(r.latency_ms.max)}, n ${r.latency_ms.n}`);
  return out.join('\n');
}

export function renderReal(r: RealReport): string {
  const out: string[] = [];
  out.push(`REAL-WORLD CORPUS ${r.dir}: ${r.files} files, ${r.analysed} analysed, ${r.crashes} crashes, ${r.timeouts} timeouts`);
  out.push(`Engine errors (named refusals): ${dict(r.engine_errors)}`);
  out.push(`Decisions: ${dict(r.decisions)}`);
  out.push('Decisions by manifest "expected":');
  out.push(
    table(
      ['expected', 'decisions'],
      Object.entries(r.decisions_by_expected).map(([k, d]) => [k, dict(d)]),
    ),
  );
  out.push(`Flag counts: ${dict(r.flag_counts)}`);
  out.push(
    `Genuine (per manifest) flagged suspicious+: ${r.flagged_genuine.length}${r.flagged_genuine.length ? ` (${r.flagged_genuine.slice(0, 6).join(', ')}${r.flagged_genuine.length > 6 ? ', ...' : ''})` : ''}`,
  );
  out.push(`Detector errors: ${dict(r.detector_errors)}`);
  out.push(`Latency ms (analysed): p50 ${num(r.latency_ms.p50)}, p95 ${num(r.latency_ms.p95)}, max ${num(r.latency_ms.max)}`);
  for (const p of r.problems.slice(0, 10)) out.push(`  ${p.status} ${p.file}: ${p.error_code ?? ''} ${p.error ?? ''}`);
  return out.join('\n');
}
