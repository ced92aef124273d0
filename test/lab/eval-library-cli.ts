/**
 * `npm run eval:library [-- --series N --people N --family A|B --json FILE]`: the workspace
 * library (issue 12) end to end. Builds serial-fraud series (library/series.ts), submits them in
 * order to a real service (real engine, temp data folder), and reports per family:
 * - derived forgeries flagged `reused_content` or `duplicate_document` citing the right check (target >= 95 %),
 * - resubmitted files flagged `duplicate_document` citing the first check (target 100 %),
 * - genuine documents of one issuer to different people flagged by any library flag (target <= 1 %).
 */
import { Command } from 'commander';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { startService, type RunningService } from '../../electron/service/server.js';
import { buildSeries, submissionOrder, type SeriesItem } from './library/series.js';
import { DEFAULT_SEED } from './generate.js';

const KEY = `vk_live_${'Lib0Eval'.repeat(4)}`;
const LIBRARY_FLAGS = new Set(['duplicate_document', 'reused_content', 'template_mismatch']);

interface Outcome {
  id: string;
  family: string;
  role: string;
  check_id: string;
  decision: string | null;
  library_flags: string[];
  cited: string[];
  ok: boolean;
}

/**
 * Submits through the checks use-case layer (what the HTTP submit calls after receiving the
 * upload), then waits until the check settles, and returns its public JSON.
 */
async function submit(service: RunningService, dir: string, item: SeriesItem, n: number): Promise<any> {
  const tempPath = join(dir, `incoming-${n}`);
  await writeFile(tempPath, item.bytes);
  const checks = service.context.checks;
  const record = await checks.submit(
    {
      tempPath,
      filename: `${item.id.replace('/', '_')}.${item.ext}`,
      sha256: createHash('sha256').update(item.bytes).digest('hex'),
      size: item.bytes.length,
      head: Buffer.from(item.bytes.subarray(0, 64)),
    },
    { actor: null },
  );
  for (let waits = 0; waits < 60; waits++) {
    const now = await checks.present(record.id);
    if (now && now.status !== 'processing') {
      if (now.status !== 'completed') throw new Error(`${item.id}: ${now.status} ${JSON.stringify(now.error)}`);
      return now;
    }
    await checks.waitFor(record.id, 10_000);
  }
  throw new Error(`${item.id}: still processing after 10 minutes`);
}

const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)} %` : 'n/a');

async function main(): Promise<void> {
  const o = new Command()
    .option('--series <n>', 'series per family', '4')
    .option('--people <n>', 'genuine documents per series (different people)', '6')
    .option('--family <f>', 'A, B or both', 'both')
    .option('--seed <n>', 'base seed', String(DEFAULT_SEED))
    .option('--json <file>', 'also write every outcome as JSON')
    .parse()
    .opts<{ series: string; people: string; family: string; seed: string; json?: string }>();
  const families = (o.family === 'both' ? ['A', 'B'] : [o.family]) as Array<'A' | 'B'>;
  const built: SeriesItem[][] = [];
  for (const family of families)
    for (let index = 0; index < Number(o.series); index++) built.push(await buildSeries({ seed: Number(o.seed), family, index, people: Number(o.people) }));
  const order = submissionOrder(built);
  process.stderr.write(`built ${order.length} documents in ${built.length} series\n`);

  const dataDir = mkdtempSync(join(tmpdir(), 'veracity-library-eval-'));
  const service = await startService({
    dataDir,
    workers: 1,
    rendererDir: false,
    logger: pino({ level: 'silent' }),
    bootstrapKey: KEY,
    analysisTimeoutMs: 600_000,
    machinePolicy: { path: '(eval)', pinned: {}, error: null },
  });
  const checkOf = new Map<string, string>();
  const outcomes: Outcome[] = [];
  try {
    for (const [n, item] of order.entries()) {
      const check = await submit(service, dataDir, item, n);
      checkOf.set(item.id, check.id);
      const lib = (check.flags as any[]).filter((f) => LIBRARY_FLAGS.has(f.code));
      const cited = [...new Set(lib.flatMap((f) => f.reasons.flatMap((r: any) => (r.evidence.related_check_ids ?? []) as string[])))];
      const citing = (codes: string[]) =>
        lib.some((f) => codes.includes(f.code) && f.reasons.some((r: any) => (r.evidence.related_check_ids ?? []).includes(checkOf.get(item.source!))));
      const ok =
        item.role === 'genuine' || item.role === 'genuine_scan'
          ? lib.length === 0
          : item.role === 'resubmitted'
            ? citing(['duplicate_document'])
            : citing(['reused_content', 'duplicate_document']);
      outcomes.push({
        id: item.id,
        family: item.family,
        role: item.role,
        check_id: check.id,
        decision: check.decision,
        library_flags: lib.map((f) => f.code),
        cited,
        ok,
      });
      if ((n + 1) % 10 === 0) process.stderr.write(`  ${n + 1}/${order.length}\n`);
    }
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rows: string[] = ['family  derived flagged+cited   resubmitted duplicate   genuine with a library flag'];
  for (const family of [...families, 'all']) {
    const of = outcomes.filter((x) => family === 'all' || x.family === family);
    const derived = of.filter((x) => x.role.startsWith('renamed'));
    const resub = of.filter((x) => x.role === 'resubmitted');
    const genuine = of.filter((x) => x.role === 'genuine' || x.role === 'genuine_scan');
    const bad = genuine.filter((x) => !x.ok).length;
    rows.push(
      `${family.padEnd(8)}${`${derived.filter((x) => x.ok).length}/${derived.length} ${pct(derived.filter((x) => x.ok).length, derived.length)}`.padEnd(24)}${`${resub.filter((x) => x.ok).length}/${resub.length} ${pct(resub.filter((x) => x.ok).length, resub.length)}`.padEnd(24)}${bad}/${genuine.length} ${pct(bad, genuine.length)}`,
    );
  }
  rows.push('', 'per role:');
  for (const role of ['genuine', 'genuine_scan', 'renamed', 'renamed_amount', 'renamed_scan', 'resubmitted']) {
    const of = outcomes.filter((x) => x.role === role);
    rows.push(`  ${role.padEnd(16)} ${of.filter((x) => x.ok).length}/${of.length} as expected`);
  }
  const misses = outcomes.filter((x) => !x.ok);
  if (misses.length)
    rows.push(
      '',
      'not as expected:',
      ...misses.map((x) => `  ${x.id} (${x.check_id}): flags ${x.library_flags.join(', ') || 'none'}; cites ${x.cited.join(', ') || 'nothing'}`),
    );
  process.stdout.write(`${rows.join('\n')}\n`);
  if (o.json) await writeFile(o.json, JSON.stringify({ outcomes }, null, 2));
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
