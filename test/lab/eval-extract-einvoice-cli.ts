/**
 * `node dist/test/lab/eval-extract-einvoice-cli.js [--split tune|validate|test|all] [--limit N]
 *  [--misses] [--json FILE] [--workers N] [--timeout MS] [--now ISO]`
 *
 * Field extraction on real documents (issue 30 item 4). The lab's fields are measured on its own
 * documents; the only real documents whose fields we know are hybrid e-invoices (ZUGFeRD /
 * Factur-X / XRechnung): the CII or UBL XML attached to the PDF states the seller, the buyer with
 * their postal address, the invoice date, the currency and the IBAN. For each genuine e-invoice PDF
 * of one split of `../shared/corpus-real/` and `../shared/corpus/` (split by source repository,
 * as eval:real), poppler's `pdfdetach` takes the XML out, the eval's own reader
 * (eval/einvoice-truth.ts) makes it the truth, and the engine's `extracted` fields from the page
 * are scored with the lab's comparison rules (metrics/extraction.ts). Absent corpora are skipped
 * with one line.
 */
import { Command } from 'commander';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { einvoiceTruth, type EInvoiceTruth } from './eval/einvoice-truth.js';
import { runAnalyses } from './eval/runner.js';
import { FIELD_NAMES, fieldScores, normalizeField } from './metrics/extraction.js';
import { publicRepoRows, sharedGenuineRows } from './real-manifest.js';
import { run, withTempDir } from './util/exec.js';
import { defaultPublicRepoCorpus, defaultRealCorpus } from './util/paths.js';

interface Candidate {
  path: string;
  name: string;
  /** Source repository (the unit of the split). */
  source: string;
}

/** The attached invoice XML of one PDF, via poppler (independent of the engine's PDF reader). */
async function attachedTruth(pdf: string): Promise<EInvoiceTruth | null> {
  return withTempDir(async (dir) => {
    try {
      await run('pdfdetach', ['-saveall', '-o', dir, pdf], { timeoutMs: 30_000 });
    } catch {
      return null;
    }
    for (const f of readdirSync(dir)
      .filter((n) => /\.xml$/i.test(n))
      .sort()) {
      const truth = einvoiceTruth(readFileSync(join(dir, f), 'utf8'));
      if (truth) return truth;
    }
    return null;
  });
}

function candidates(split: string): Candidate[] {
  const out: Candidate[] = [];
  const pub = defaultPublicRepoCorpus();
  if (existsSync(join(pub, 'MANIFEST.tsv')))
    for (const r of publicRepoRows(pub, split))
      if (r.kind === 'pdf') out.push({ path: join(pub, r.relpath), name: `public/${r.relpath}`, source: r.source_repo });
  const shared = defaultRealCorpus();
  if (existsSync(join(shared, 'MANIFEST.tsv')))
    for (const r of sharedGenuineRows(shared, split))
      if (r.kind === 'pdf') out.push({ path: join(shared, r.relpath), name: `shared/${r.relpath}`, source: r.source_repo });
  return out;
}

async function main(): Promise<void> {
  const o = new Command()
    .option('--split <s>', 'tune | validate | test | all', 'tune')
    .option('--limit <n>', 'at most N e-invoices')
    .option('--misses', 'list every miss')
    .option('--json <file>', 'write the report as JSON')
    .option('--workers <n>', 'analysis workers', '1')
    .option('--timeout <ms>', 'per-file limit', '120000')
    .option('--now <iso>', 'clock for the analysis')
    .parse()
    .opts<{ split: string; limit?: string; misses?: boolean; json?: string; workers: string; timeout: string; now?: string }>();
  const files = candidates(o.split);
  if (!files.length) {
    console.log(`eval-extract-einvoice: no ../shared corpus with PDFs in split ${o.split}; skipped`);
    return;
  }
  const invoices: Array<Candidate & { truth: EInvoiceTruth }> = [];
  for (const f of files) {
    const truth = await attachedTruth(f.path);
    if (truth) invoices.push({ ...f, truth });
    if (o.limit && invoices.length >= Number(o.limit)) break;
  }
  const outcomes = await runAnalyses(
    invoices.map((f) => [f.path, f.name]),
    { timeoutMs: Number(o.timeout), workers: Number(o.workers), now: o.now },
  );
  const ok = invoices.map((f, i) => ({ f, o: outcomes[i] })).filter((x) => x.o.status === 'ok');
  const scores = fieldScores(ok.map((x) => ({ truth: x.f.truth.fields, extracted: x.o.extracted ?? null, alternatives: x.f.truth.alternatives })));
  const bySource = new Map<string, number>();
  for (const f of invoices) bySource.set(f.source, (bySource.get(f.source) ?? 0) + 1);
  const lines = [
    `e-invoices in split ${o.split}: ${invoices.length} of ${files.length} PDFs (${ok.length} analysed)`,
    `by source: ${[...bySource].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    'field            present  correct  accuracy  spurious',
  ];
  for (const s of scores)
    lines.push(
      `${s.field.padEnd(16)} ${String(s.present).padStart(7)}  ${String(s.correct).padStart(7)}  ${(s.accuracy === null ? '-' : `${(100 * s.accuracy).toFixed(1)} %`).padStart(8)}  ${String(s.spurious).padStart(8)}`,
    );
  const misses: Array<{ file: string; field: string; truth: string | null; got: string | null }> = [];
  for (const x of ok)
    for (const field of FIELD_NAMES) {
      const truth = x.f.truth.fields[field];
      const got = x.o.extracted?.[field] ?? null;
      const accepted = [truth, ...(x.f.truth.alternatives[field] ?? [])].map((v) => normalizeField(field, v));
      if (truth !== null && !accepted.includes(normalizeField(field, got))) misses.push({ file: x.f.name, field, truth, got });
    }
  if (o.misses) {
    lines.push('', `misses (${misses.length})`);
    for (const m of misses) lines.push(`${m.field.padEnd(14)} ${m.file}\n    truth ${JSON.stringify(m.truth)}\n    got   ${JSON.stringify(m.got)}`);
  }
  for (const x of outcomes.filter((y) => y.status !== 'ok')) lines.push(`failed: ${x.file} ${x.status} ${x.error_code ?? ''}`);
  console.log(lines.join('\n'));
  if (o.json) writeFileSync(o.json, JSON.stringify({ split: o.split, files: invoices.length, scores, misses }, null, 2));
}

await main();
