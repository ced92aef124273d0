/**
 * The workspace library at scale (issue 12): 100,000 completed checks with fingerprints in the
 * library (200 issuers, 500 people each), then the comparison of a new document (half of them
 * derived from a stored one: renamed, same transactions) and `related` lists, timed per call in
 * the service's own code (checks/library.ts, library/store.ts) on one SQLite connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { key64, type LibraryFingerprint, minhash, type Analysis } from '../engine/index.js';
import { WorkspaceLibrary } from '../electron/service/checks/library.js';
import { libraryKeys } from '../electron/service/library/keys.js';
import { Store } from '../electron/service/store/index.js';
import { Rng } from '../test/lab/util/prng.js';
import type { BenchModule, BenchRow } from './types.js';

const CHECKS = Number(process.env.BENCH_LIBRARY_CHECKS ?? 100_000);
const ISSUERS = 200;
const PROBES = 300;

function fingerprint(i: number, name: string): LibraryFingerprint {
  // Seeded, so runs compare.
  const rng = new Rng(i + 1);
  const r = (): number => rng.next();
  const issuer = `issuer ${i % ISSUERS}`;
  // The issuer's fixed text (shared) plus this person's own words (their transactions).
  const shingles = new Set<number>();
  for (let k = 0; k < 25; k++) shingles.add(((i % ISSUERS) * 1000 + k) >>> 0);
  for (let k = 0; k < 60; k++) shingles.add(Math.floor(r() * 4294967295));
  const rows = Array.from({ length: 12 }, (_, k) => {
    const text = `${k + 1} mar 2025 payment ${Math.floor(r() * 1e9)}`;
    return { text, key: key64(text), page: 1, bbox: [0.07, 0.3 + k * 0.02, 0.8, 0.315 + k * 0.02] as [number, number, number, number] };
  });
  return {
    version: 1,
    sha256: key64(`file ${i} ${name}`).repeat(4),
    content: { minhash: minhash(shingles), shingles: shingles.size },
    pageHashes: [],
    template: { producer: 'Core Banking Print 4.2', creator: null, fonts: ['Helvetica'], geometry: ['595x842'], fixedLines: ['a', 'b', 'c'] },
    identity: { issuer, name, address: null, account: String(10_000_000 + i), references: [`ST${100000 + i}`], rows },
  };
}

const analysisOf = (fp: LibraryFingerprint): Analysis =>
  ({
    library: fp,
    extracted: {
      doc_type: 'bank_statement',
      issuer: fp.identity.issuer,
      name: fp.identity.name,
      address: null,
      document_date: null,
      account_number: fp.identity.account,
      currency: null,
    },
    findings: [],
  }) as unknown as Analysis;

async function seed(store: Store): Promise<string[]> {
  const ids: string[] = [];
  const upload = "INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, 1, 'application/pdf', ?) ON CONFLICT DO NOTHING";
  const check = `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, mode, engine_version, thresholds, snapshot)
     VALUES (?, ?, 'completed', 'f.pdf', 'application/pdf', 1, ?, 'normal', 'bench', '{}', '{}')`;
  const now = new Date().toISOString();
  const batch = 5000;
  for (let start = 0; start < CHECKS; start += batch) {
    await store.transaction(async (tx) => {
      for (let i = start; i < Math.min(CHECKS, start + batch); i++) {
        const id = `dc_bench${String(i).padStart(8, '0')}`;
        const fp = fingerprint(i, `person ${i}`);
        await tx.sql.run(upload, [fp.sha256, now]);
        await tx.sql.run(check, [id, now, fp.sha256]);
        // One check in ten carries a relation, so `related` has something to list.
        const relations =
          i % 10 === 9 ? [{ otherId: ids[i - 1], relation: 'reused_content' as const, similarity: 0.9, details: { matched_row_count: 12 } }] : [];
        await tx.library.add({ checkId: id, sha256: fp.sha256, docType: 'bank_statement', decision: 'clear', fp, keys: libraryKeys(fp), relations });
        ids.push(id);
      }
    });
  }
  return ids;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const libraryBench: BenchModule = {
  name: 'library',
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(join(tmpdir(), 'veracity-bench-library-'));
    const store = new Store(dir);
    try {
      const library = new WorkspaceLibrary(store.library);
      const t0 = performance.now();
      const ids = await seed(store);
      const seedMs = performance.now() - t0;
      const compare: number[] = [];
      let flagged = 0;
      for (let p = 0; p < PROBES; p++) {
        // Even probes: a stored document renamed (its transactions reused); odd: a new person.
        const source = (p * 331) % CHECKS;
        const fp = p % 2 === 0 ? { ...fingerprint(source, `forger ${p}`), sha256: key64(`probe ${p}`).repeat(4) } : fingerprint(CHECKS + p, `new person ${p}`);
        const start = performance.now();
        const found = await library.compare(`dc_probe${p}`, fp.sha256, analysisOf(fp));
        compare.push(performance.now() - start);
        if (p % 2 === 0 && found.findings.some((f) => f.flag === 'reused_content' && (f.evidence.related_check_ids as string[]).includes(ids[source])))
          flagged++;
      }
      const related: number[] = [];
      for (let p = 0; p < PROBES; p++) {
        const id = ids[(p * 997 + 9) % CHECKS];
        const start = performance.now();
        await library.related(id, 20);
        related.push(performance.now() - start);
      }
      return [
        { bench: 'library', metric: `seed ${CHECKS} fingerprinted checks`, value: Math.round(seedMs), unit: 'ms' },
        { bench: 'library', metric: `compare one document, ${CHECKS} in the library (p50)`, value: p50(compare), unit: 'ms', target: 20 },
        {
          bench: 'library',
          metric: 'renamed copies flagged reused_content citing their source',
          value: (100 * flagged) / (PROBES / 2),
          unit: '%',
          target: 95,
          higherIsBetter: true,
        },
        { bench: 'library', metric: `related list, ${CHECKS} in the library (p50)`, value: p50(related), unit: 'ms', target: 20 },
      ];
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
