/**
 * Plans and writes a labelled lab corpus: one folder per label and technique, plus
 * labels.jsonl (schema in labels.ts) and generation.json (what was asked and what failed).
 * The same profile and seed always give the same plan, the same labels and, for pdfkit and
 * pdf-lib outputs, the same bytes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { LabelSchema, toJsonl, type LabelRecord } from './labels.js';
import { TECHNIQUES, technique } from './techniques/index.js';
import type { SampleSpec } from './techniques/types.js';
import { hashSeed, Rng } from './util/prng.js';
import { mapPool } from './util/pool.js';

export type Profile = 'full' | 'quick';

/** Samples per technique in the full profile; genuine stays above 40 % of the set. */
export const FULL_COUNTS = { genuine: 14, tampered: 9, ai_generated: 8 } as const;

export const DEFAULT_SEED = 20250601;

function pagesFor(rng: Rng): number {
  const r = rng.next();
  if (r < 0.4) return 1;
  if (r < 0.65) return 2;
  if (r < 0.8) return 3;
  if (r < 0.9) return 4;
  return r < 0.95 ? 5 : 6;
}

export function planSamples(profile: Profile, seed = DEFAULT_SEED, only?: readonly string[], family?: string): SampleSpec[] {
  const specs: SampleSpec[] = [];
  for (const t of TECHNIQUES) {
    if (only && !only.includes(t.id)) continue;
    if (family && family !== 'all' && (t.family ?? 'A') !== family) continue;
    const count = profile === 'quick' ? 1 : (t.count ?? FULL_COUNTS[t.label]);
    const offset = hashSeed(t.id) % t.docTypes.length;
    for (let i = 0; i < count; i++) {
      const sampleSeed = hashSeed(seed, t.id, i) & 0x7fffffff;
      const pages = profile === 'quick' ? 1 : pagesFor(new Rng(sampleSeed));
      specs.push({ technique: t.id, seed: sampleSeed, docType: t.docTypes[(i + offset) % t.docTypes.length], pages: Math.max(pages, t.minPages ?? 1) });
    }
  }
  return specs;
}

export function sampleFile(spec: SampleSpec, label: string, ext: string): string {
  return `${label}/${spec.technique}/${spec.docType}-${spec.seed}.${ext}`;
}

export interface GenerationResult {
  labels: LabelRecord[];
  failures: Array<{ technique: string; seed: number; error: string }>;
}

export async function buildSample(spec: SampleSpec): Promise<{ file: string; bytes: Uint8Array; label: LabelRecord }> {
  const t = technique(spec.technique);
  const built = await t.build(spec);
  const file = sampleFile(spec, built.label.label, built.ext);
  const label = LabelSchema.parse({ file, ...built.label, family: t.family ?? 'A' });
  return { file, bytes: built.bytes, label };
}

export async function generateCorpus(
  outDir: string,
  specs: readonly SampleSpec[],
  opts: { concurrency?: number; onSample?: (done: number, total: number, spec: SampleSpec, error?: string) => void } = {},
): Promise<GenerationResult> {
  const labels: LabelRecord[] = [];
  const failures: GenerationResult['failures'] = [];
  let done = 0;
  await mapPool(specs, opts.concurrency ?? 2, async (spec) => {
    let error: string | undefined;
    try {
      const { file, bytes, label } = await buildSample(spec);
      await mkdir(dirname(join(outDir, file)), { recursive: true });
      await writeFile(join(outDir, file), bytes);
      labels.push(label);
    } catch (err) {
      error = (err as Error).message.split('\n')[0];
      failures.push({ technique: spec.technique, seed: spec.seed, error });
    }
    opts.onSample?.(++done, specs.length, spec, error);
  });
  labels.sort((a, b) => a.file.localeCompare(b.file));
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, 'labels.jsonl'), toJsonl(labels));
  await writeFile(join(outDir, 'generation.json'), JSON.stringify({ samples: labels.length, planned: specs.length, failures }, null, 2) + '\n');
  return { labels, failures };
}
