/**
 * Migration 4 (one stored form per check) on a database written by the old schema: rows as the
 * old store left them (columns, verdict and extracted JSON, the stored `rendered` JSON and
 * check_analyses) read back, after the migration, as byte-identical responses and the same Analysis.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../electron/service/db/open.js';
import { MIGRATIONS } from '../../electron/service/db/migrations.js';
import { CheckStore } from '../../electron/service/store/checks.js';
import { SqliteSql } from '../../electron/service/db/sqlite.js';
import { presentCheck } from '../../electron/service/domain/present-check.js';
import type { CheckRecord, StoredVerdict } from '../../electron/service/domain/check-record.js';
import type { Analysis, Extracted } from '../../engine/types.js';
import { presented, presentedPage, tempDir } from './helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const THRESHOLDS = { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 };
const EXTRACTED: Extracted = {
  doc_type: 'bank_statement',
  issuer: 'Northwind Bank',
  name: 'Jane Example',
  address: '1 High St',
  document_date: '2024-01-31',
  account_number: '12345678',
  currency: 'GBP',
};
const VERDICT: StoredVerdict = {
  decision: 'suspicious',
  risk_level: 'HIGH',
  risk_score: 67.5,
  engine_score: 61,
  summary: 'Edited after creation: the closing balance "1,350.00" became "9,350.00" — revision 2.',
  flags: [
    {
      code: 'incremental_edit',
      category: 'structure',
      severity: 'high',
      title: 'Edited after creation',
      description: 'The file was changed by an incremental update after it was first produced.',
      pages: [1],
      reasons: [
        {
          code: 'incremental_edit.figures_changed',
          summary: 'Revision 2 changed figures on page 1: "1,350.00" became "9,350.00".',
          pages: [1],
          evidence: { revision: 2, page: 1, bbox: [0.1, 0.2, 0.3, 0.25], before: '1,350.00', after: '9,350.00' },
        },
      ],
    },
  ],
  rules: [],
  incomplete: [],
};
const ANALYSIS = {
  engineVersion: '1.0.0',
  document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 2 },
  extracted: EXTRACTED,
  findings: [],
  text: 'Closing balance 9,350.00 — £ ü',
  structure: {
    revisions: [{ number: 1, endOffset: 900, kind: 'original', added: [], changed: [], deleted: [], changedPages: [] }],
    pageSizes: [{ width: 612, height: 792 }],
  },
  incomplete: [],
  timings: { 'structure/incremental-edit': 1.25 },
} as unknown as Analysis;

interface OldRow {
  id: string;
  status: 'processing' | 'completed' | 'failed';
  override?: 'clear' | null;
}

/** Writes a check exactly as the store before migration 4 did (insert, then complete/fail with a rendering). */
function writeOld(db: Db, seq: number, row: OldRow): string | null {
  const record: CheckRecord = {
    id: row.id,
    created_at: `2024-02-0${seq}T10:00:00.000Z`,
    status: row.status,
    filename: `statement-${seq}.pdf`,
    mime_type: 'application/pdf',
    size_bytes: 1234,
    sha256: 'ab',
    pages: row.status === 'completed' ? 2 : null,
    format: row.status === 'completed' ? 'digital_pdf' : null,
    mode: 'normal',
    engine_version: '1.0.0',
    thresholds: THRESHOLDS,
    verdict: row.status === 'completed' ? VERDICT : null,
    extracted: row.status === 'completed' ? EXTRACTED : null,
    error: row.status === 'failed' ? { type: 'api_error', code: 'corrupt_document', message: 'The file is not a readable PDF.' } : null,
    webhook_url: null,
    override_decision: row.override ?? null,
    completed_at: row.status === 'processing' ? null : `2024-02-0${seq}T10:00:05.000Z`,
    password_supplied: false,
  };
  const rendered = row.status === 'processing' ? null : JSON.stringify(presentCheck(record));
  db.prepare(
    `INSERT INTO checks (id, created_at, status, filename, mime_type, size_bytes, sha256, pages, format, mode, engine_version, thresholds, snapshot, verdict, extracted, error, webhook_url, override_decision, completed_at, rendered)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    record.id,
    record.created_at,
    record.status,
    record.filename,
    record.mime_type,
    record.size_bytes,
    record.sha256,
    record.pages,
    record.format,
    record.mode,
    record.engine_version,
    JSON.stringify(record.thresholds),
    JSON.stringify({ disabled_flag_codes: [], rules: [] }),
    record.verdict && JSON.stringify(record.verdict),
    record.extracted && JSON.stringify(record.extracted),
    record.error && JSON.stringify(record.error),
    record.webhook_url,
    record.override_decision,
    record.completed_at,
    rendered,
  );
  if (row.status === 'completed') db.prepare('INSERT INTO check_analyses (check_id, analysis) VALUES (?, ?)').run(record.id, JSON.stringify(ANALYSIS));
  // What the old store answered: the stored rendering once settled, a fresh one while processing.
  return rendered ?? JSON.stringify(presentCheck(record));
}

describe('migration 4: one stored form per check', () => {
  it('converts a database made by the old schema; responses are byte-identical and the Analysis is kept', async () => {
    const dir = tempDir('veracity-migrate-');
    dirs.push(dir);
    const file = join(dir, 'veracity.db');
    const old = openDatabase(
      file,
      MIGRATIONS.filter((m) => m.version <= 3),
    );
    old.prepare("INSERT INTO uploads VALUES ('ab', 1234, 'application/pdf', '2024-02-01T10:00:00.000Z')").run();
    const rows: OldRow[] = [
      { id: 'chk_completed', status: 'completed' },
      { id: 'chk_overridden', status: 'completed', override: 'clear' },
      { id: 'chk_failed', status: 'failed' },
      { id: 'chk_processing', status: 'processing' },
    ];
    const before = new Map(rows.map((r, i) => [r.id, writeOld(old, i + 1, r)!]));
    const listBefore = new CheckStoreOld(old).list();
    old.close();

    const db = openDatabase(file);
    try {
      const applied = (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as Array<{ version: number }>).map((r) => r.version);
      expect(applied).toContain(4);
      const columns = (db.prepare('PRAGMA table_info(checks)').all() as Array<{ name: string }>).map((c) => c.name);
      expect(columns).toContain('analysis');
      expect(columns).not.toContain('rendered');
      expect(columns).not.toContain('extracted');
      expect(columns).not.toContain('format');
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'check_analyses'").get()).toBeUndefined();

      const store = new CheckStore(new SqliteSql(db));
      for (const [id, json] of before) expect(await presented(store, id), id).toBe(json);
      expect((await presentedPage(store, 10))!.data).toEqual(listBefore);
      expect(await store.analysis('chk_completed')).toEqual(ANALYSIS);
      expect(await store.analysis('chk_failed')).toBeNull();
      // The override still moves decision only, and a settled check still settles once.
      expect(await store.setOverride('chk_completed', 'fraudulent')).toBe(true);
      expect(JSON.parse((await presented(store, 'chk_completed'))!)).toMatchObject({
        decision: 'fraudulent',
        risk_score: 67.5,
        extracted: EXTRACTED,
        document: { format: 'digital_pdf' },
      });
      expect(
        await store.complete('chk_processing', {
          pages: 2,
          format: 'digital_pdf',
          engine_version: '1.0.0',
          extracted: EXTRACTED,
          verdict: VERDICT,
          analysis: ANALYSIS,
        }),
      ).toBe(true);
      expect(JSON.parse((await presented(store, 'chk_processing'))!)).toMatchObject({ status: 'completed', decision: 'suspicious', extracted: EXTRACTED });
    } finally {
      db.close();
    }
  });
});

/** The old store's list answer (rendered when settled, else presented): what clients saw before. */
class CheckStoreOld {
  constructor(private readonly db: Db) {}
  list(): string[] {
    const rows = this.db.prepare('SELECT id, rendered FROM checks ORDER BY seq DESC').all() as Array<{ id: string; rendered: string | null }>;
    return rows.map((r) => r.rendered ?? this.processingJson(r.id));
  }
  private processingJson(id: string): string {
    const r = this.db.prepare('SELECT * FROM checks WHERE id = ?').get(id) as Record<string, unknown>;
    const record = {
      ...r,
      thresholds: JSON.parse(r.thresholds as string),
      verdict: null,
      extracted: null,
      error: null,
      password_supplied: false,
    } as unknown as CheckRecord;
    return JSON.stringify(presentCheck(record));
  }
}
