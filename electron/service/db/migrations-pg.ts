/**
 * The PostgreSQL schema (team server, issue 13). It mirrors the SQLite schema as SQLite's five
 * migrations leave it (db/migrations.ts): the same tables, columns, meanings and indexes, so one
 * set of statements (store/*.ts) serves both. JSON stays TEXT, as in SQLite: audit details are
 * hashed as stored, and check JSON is read back byte for byte. Append-only like SQLite's: never
 * edit a shipped migration, add the next number (and its SQLite twin when both change).
 */
import type { Migration } from './migrations.js';

export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial (SQLite migrations 1-5)',
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
        size_bytes BIGINT NOT NULL,
        mime_type TEXT NOT NULL,
        created_at TEXT NOT NULL
      );

      -- seq is the created order: newest-first lists and keyset pagination walk it.
      CREATE TABLE checks (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        status TEXT NOT NULL,
        filename TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size_bytes BIGINT NOT NULL,
        sha256 TEXT NOT NULL REFERENCES uploads(sha256),
        pages BIGINT,
        mode TEXT NOT NULL,
        engine_version TEXT NOT NULL,
        thresholds TEXT NOT NULL,
        snapshot TEXT NOT NULL,
        verdict TEXT,
        error TEXT,
        webhook_url TEXT,
        override_decision TEXT,
        completed_at TEXT,
        analysis TEXT
      );
      CREATE INDEX checks_status ON checks(status) WHERE status = 'processing';
      CREATE INDEX checks_sha256 ON checks(sha256);
      CREATE INDEX checks_created_at ON checks(created_at);

      CREATE TABLE rules (
        seq BIGSERIAL PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        condition TEXT NOT NULL,
        guidance TEXT,
        outcome_guidance TEXT NOT NULL,
        score_delta BIGINT NOT NULL,
        document_types TEXT,
        status TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        deleted_at TEXT
      );

      CREATE TABLE feedback (
        id BIGSERIAL PRIMARY KEY,
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
        attempts BIGINT NOT NULL DEFAULT 0,
        next_attempt_at BIGINT NOT NULL,
        status TEXT NOT NULL,
        last_error TEXT,
        created_at TEXT NOT NULL,
        delivered_at TEXT
      );
      CREATE INDEX webhook_outbox_due ON webhook_outbox(next_attempt_at) WHERE status = 'pending';
      CREATE INDEX webhook_outbox_check ON webhook_outbox(check_id);

      CREATE TABLE audit_events (
        seq BIGSERIAL PRIMARY KEY,
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

      CREATE TABLE library_docs (
        seq BIGSERIAL PRIMARY KEY,
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
      );
      CREATE INDEX library_keys_check ON library_keys(check_id);
      CREATE TABLE library_relations (
        id BIGSERIAL PRIMARY KEY,
        check_id TEXT NOT NULL,
        other_id TEXT NOT NULL,
        relation TEXT NOT NULL,
        similarity DOUBLE PRECISION NOT NULL,
        details TEXT NOT NULL
      );
      CREATE INDEX library_relations_check ON library_relations(check_id);
      CREATE INDEX library_relations_other ON library_relations(other_id);
    `,
  },
  {
    version: 2,
    name: 'queue_leases',
    // See migrations.ts version 6: the attempt that may settle a check, attempts, outbox claims.
    sql: `
      ALTER TABLE checks ADD COLUMN lease TEXT;
      ALTER TABLE checks ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE webhook_outbox ADD COLUMN claimed_until BIGINT;
    `,
  },
];
