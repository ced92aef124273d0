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
    // on read. Only the checks' tables: version 5 (the library, issue 12) is another branch's.
    sql: `
      ALTER TABLE checks ADD COLUMN analysis TEXT;
      UPDATE checks SET analysis = (SELECT a.analysis FROM check_analyses a WHERE a.check_id = checks.id);
      DROP TABLE check_analyses;
      ALTER TABLE checks DROP COLUMN rendered;
      ALTER TABLE checks DROP COLUMN extracted;
      ALTER TABLE checks DROP COLUMN format;
    `,
  },
];
