/**
 * Numbered, append-only schema migrations. Never edit a shipped migration: add the next number.
 * Each runs once, inside a transaction, and is recorded in `schema_migrations`.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    sql: `
      CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );

      CREATE TABLE api_keys (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
      );

      CREATE TABLE uploads (
        sha256 TEXT PRIMARY KEY,
        size_bytes INTEGER NOT NULL,
        mime_type TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      -- seq is the created order: newest-first lists and keyset pagination walk this rowid.
      CREATE TABLE checks (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL,
        filename TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size_bytes INTEGER NOT NULL,
        sha256 TEXT NOT NULL REFERENCES uploads(sha256),
        pages INTEGER,
        format TEXT,
        mode TEXT NOT NULL,
        engine_version TEXT NOT NULL,
        thresholds TEXT NOT NULL,
        -- settings at submit (disabled flag codes, active rules); read only when scoring
        snapshot TEXT NOT NULL,
        verdict TEXT,
        extracted TEXT,
        error TEXT,
        webhook_url TEXT,
        override_decision TEXT,
        completed_at TEXT
      );
      CREATE INDEX checks_status ON checks(status) WHERE status = 'processing';
      CREATE INDEX checks_sha256 ON checks(sha256);

      -- The full engine Analysis (revisions, page sizes, timings): dashboard only, never the API.
      CREATE TABLE check_analyses (
        check_id TEXT PRIMARY KEY REFERENCES checks(id),
        analysis TEXT NOT NULL
      );

      CREATE TABLE rules (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        condition TEXT NOT NULL,
        guidance TEXT,
        outcome_guidance TEXT NOT NULL,
        score_delta INTEGER NOT NULL,
        document_types TEXT,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );

      CREATE TABLE feedback (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        created_at TEXT NOT NULL,
        check_id TEXT NOT NULL REFERENCES checks(id),
        kind TEXT NOT NULL,
        rating TEXT NOT NULL,
        flag_code TEXT,
        corrected_decision TEXT,
        reason TEXT,
        api_key_id TEXT
      );
      CREATE INDEX feedback_check ON feedback(check_id);

      CREATE TABLE webhook_outbox (
        id TEXT PRIMARY KEY,
        check_id TEXT NOT NULL,
        event TEXT NOT NULL,
        url TEXT NOT NULL,
        body TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER NOT NULL,
        status TEXT NOT NULL,
        last_error TEXT,
        created_at TEXT NOT NULL,
        delivered_at TEXT
      );
      CREATE INDEX webhook_outbox_due ON webhook_outbox(next_attempt_at) WHERE status = 'pending';
    `,
  },
  {
    version: 2,
    name: 'checks_rendered_json',
    // The public JSON of a settled check never changes (except by a reviewer override, which
    // re-renders it), so it is stored once: GET and list then send it without parse/stringify.
    sql: 'ALTER TABLE checks ADD COLUMN rendered TEXT;',
  },
  {
    version: 3,
    name: 'audit_log_and_retention',
    // The audit log is append-only (a hash chain, see store/audit.ts). uploads_deleted lists stored
    // files removed by retention while checks still name them; a resubmission takes a file off it.
    // (A table of its own rather than a column: the uploads row shape stays as shipped.)
    sql: `
      CREATE TABLE audit_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        actor_key_id TEXT,
        action TEXT NOT NULL,
        target_id TEXT,
        details TEXT NOT NULL,
        prev_hash TEXT NOT NULL,
        hash TEXT NOT NULL
      );
      CREATE TABLE uploads_deleted (
        sha256 TEXT PRIMARY KEY,
        deleted_at TEXT NOT NULL
      );
      CREATE INDEX checks_created_at ON checks(created_at);
      CREATE INDEX webhook_outbox_check ON webhook_outbox(check_id);
    `,
  },
  {
    version: 4,
    name: 'checks_one_stored_form',
    // A settled check was kept four times: its columns, the verdict JSON, the public JSON
    // (`rendered`, a copy to keep in step on every override) and the engine Analysis in
    // check_analyses, which repeats the extracted fields and the document format. Now one row:
    // the submission and index columns, the verdict (or error) as scored, and the Analysis in the
    // row; extracted fields and format are read from the Analysis, the public JSON is presented
    // on read.
    sql: `
      ALTER TABLE checks ADD COLUMN analysis TEXT;
      UPDATE checks SET analysis = (SELECT a.analysis FROM check_analyses a WHERE a.check_id = checks.id);
      DROP TABLE check_analyses;
      ALTER TABLE checks DROP COLUMN rendered;
      ALTER TABLE checks DROP COLUMN extracted;
      ALTER TABLE checks DROP COLUMN format;
    `,
  },
  {
    version: 5,
    name: 'library',
    // The workspace library (issue 12, electron/service/library/): one row per completed check
    // with its fingerprint, lookup keys (LSH bands, transaction rows, references, accounts,
    // 16-bit chunks of page picture hashes) in one indexed table, and the relations found.
    // Only its own tables: it reads checks and feedback, never changes them.
    sql: `
      CREATE TABLE library_docs (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        check_id TEXT NOT NULL UNIQUE,
        sha256 TEXT NOT NULL,
        issuer TEXT,
        doc_type TEXT,
        name TEXT,
        decision TEXT,
        fingerprint TEXT NOT NULL
      );
      CREATE INDEX library_docs_sha256 ON library_docs(sha256);
      CREATE INDEX library_docs_issuer ON library_docs(issuer, doc_type, seq) WHERE issuer IS NOT NULL;
      CREATE TABLE library_keys (
        key TEXT NOT NULL,
        check_id TEXT NOT NULL,
        PRIMARY KEY (key, check_id)
      ) WITHOUT ROWID;
      CREATE INDEX library_keys_check ON library_keys(check_id);
      CREATE TABLE library_relations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        check_id TEXT NOT NULL,
        other_id TEXT NOT NULL,
        relation TEXT NOT NULL,
        similarity REAL NOT NULL,
        details TEXT NOT NULL
      );
      CREATE INDEX library_relations_check ON library_relations(check_id);
      CREATE INDEX library_relations_other ON library_relations(other_id);
    `,
  },
  {
    version: 6,
    name: 'queue_leases',
    // Team server (issue 13): the attempt that may settle a check (`lease`, written when a
    // worker claims it; the completing UPDATE requires it), how many attempts it took, and the
    // webhook deliveries a process has claimed until `claimed_until` (ms). The desktop writes
    // them too: one store, one queue interface.
    sql: `
      ALTER TABLE checks ADD COLUMN lease TEXT;
      ALTER TABLE checks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE webhook_outbox ADD COLUMN claimed_until INTEGER;
    `,
  },
];
