/**
 * The schema, written once for both back ends: numbered, append-only migrations. Never edit a
 * shipped migration: add the next number. Each runs once, inside a transaction, and is recorded
 * by version and name in `schema_migrations` (db/open.ts, db/postgres.ts).
 *
 * Both back ends hold the same tables, columns, meanings and indexes, so one set of statements
 * (store/*.ts) serves both. JSON stays TEXT on PostgreSQL too: audit details are hashed as
 * stored, and check JSON is read back byte for byte.
 */
import { addColumn, createIndex, createTable, dropColumn, dropTable, moveData, squash, stepsSql, type Step } from './schema-steps.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

interface SchemaMigration {
  /** The SQLite version number; PostgreSQL's is derived (see PG_MIGRATIONS). */
  version: number;
  name: string;
  steps: readonly Step[];
}

const HISTORY: readonly SchemaMigration[] = [
  {
    version: 1,
    name: 'initial',
    steps: [
      createTable('settings', ['key TEXT PRIMARY KEY', 'value TEXT NOT NULL', 'updated_at TEXT NOT NULL']),
      createTable('api_keys', [
        'id TEXT PRIMARY KEY',
        'name TEXT NOT NULL',
        'role TEXT NOT NULL',
        'key_hash TEXT NOT NULL UNIQUE',
        'key_prefix TEXT NOT NULL',
        'created_at TEXT NOT NULL',
        'last_used_at TEXT',
        'revoked_at TEXT',
      ]),
      createTable('uploads', ['sha256 TEXT PRIMARY KEY', 'size_bytes INTEGER NOT NULL', 'mime_type TEXT NOT NULL', 'created_at TEXT NOT NULL']),
      // seq is the created order: newest-first lists and keyset pagination walk it.
      // snapshot: the settings at submit (disabled flag codes, active rules), read only when scoring.
      createTable('checks', [
        'seq SERIAL',
        'id TEXT NOT NULL UNIQUE',
        'created_at TEXT NOT NULL',
        'status TEXT NOT NULL',
        'filename TEXT NOT NULL',
        'mime_type TEXT NOT NULL',
        'size_bytes INTEGER NOT NULL',
        'sha256 TEXT NOT NULL REFERENCES uploads(sha256)',
        'pages INTEGER',
        'format TEXT',
        'mode TEXT NOT NULL',
        'engine_version TEXT NOT NULL',
        'thresholds TEXT NOT NULL',
        'snapshot TEXT NOT NULL',
        'verdict TEXT',
        'extracted TEXT',
        'error TEXT',
        'webhook_url TEXT',
        'override_decision TEXT',
        'completed_at TEXT',
      ]),
      createIndex('checks_status', 'checks', 'status', "status = 'processing'"),
      createIndex('checks_sha256', 'checks', 'sha256'),
      // The full engine Analysis (revisions, page sizes, timings): dashboard only, never the API.
      createTable('check_analyses', ['check_id TEXT PRIMARY KEY REFERENCES checks(id)', 'analysis TEXT NOT NULL']),
      createTable('rules', [
        'seq SERIAL',
        'id TEXT NOT NULL UNIQUE',
        'title TEXT NOT NULL',
        'condition TEXT NOT NULL',
        'guidance TEXT',
        'outcome_guidance TEXT NOT NULL',
        'score_delta INTEGER NOT NULL',
        'document_types TEXT',
        'status TEXT NOT NULL',
        'created_at TEXT NOT NULL',
        'updated_at TEXT NOT NULL',
        'deleted_at TEXT',
      ]),
      createTable('feedback', [
        'id SERIAL',
        'created_at TEXT NOT NULL',
        'check_id TEXT NOT NULL REFERENCES checks(id)',
        'kind TEXT NOT NULL',
        'rating TEXT NOT NULL',
        'flag_code TEXT',
        'corrected_decision TEXT',
        'reason TEXT',
        'api_key_id TEXT',
      ]),
      createIndex('feedback_check', 'feedback', 'check_id'),
      createTable('webhook_outbox', [
        'id TEXT PRIMARY KEY',
        'check_id TEXT NOT NULL',
        'event TEXT NOT NULL',
        'url TEXT NOT NULL',
        'body TEXT NOT NULL',
        'attempts INTEGER NOT NULL DEFAULT 0',
        'next_attempt_at INTEGER NOT NULL',
        'status TEXT NOT NULL',
        'last_error TEXT',
        'created_at TEXT NOT NULL',
        'delivered_at TEXT',
      ]),
      createIndex('webhook_outbox_due', 'webhook_outbox', 'next_attempt_at', "status = 'pending'"),
    ],
  },
  {
    version: 2,
    name: 'checks_rendered_json',
    // The public JSON of a settled check never changes (except by a reviewer override, which
    // re-renders it), so it is stored once: GET and list then send it without parse/stringify.
    steps: [addColumn('checks', 'rendered TEXT')],
  },
  {
    version: 3,
    name: 'audit_log_and_retention',
    // The audit log is append-only (a hash chain, see store/audit.ts). uploads_deleted lists stored
    // files removed by retention while checks still name them; a resubmission takes a file off it.
    // (A table of its own rather than a column: the uploads row shape stays as shipped.)
    steps: [
      createTable('audit_events', [
        'seq SERIAL',
        'id TEXT NOT NULL UNIQUE',
        'created_at TEXT NOT NULL',
        'actor_key_id TEXT',
        'action TEXT NOT NULL',
        'target_id TEXT',
        'details TEXT NOT NULL',
        'prev_hash TEXT NOT NULL',
        'hash TEXT NOT NULL',
      ]),
      createTable('uploads_deleted', ['sha256 TEXT PRIMARY KEY', 'deleted_at TEXT NOT NULL']),
      createIndex('checks_created_at', 'checks', 'created_at'),
      createIndex('webhook_outbox_check', 'webhook_outbox', 'check_id'),
    ],
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
    steps: [
      addColumn('checks', 'analysis TEXT'),
      moveData('UPDATE checks SET analysis = (SELECT a.analysis FROM check_analyses a WHERE a.check_id = checks.id)'),
      dropTable('check_analyses'),
      dropColumn('checks', 'rendered'),
      dropColumn('checks', 'extracted'),
      dropColumn('checks', 'format'),
    ],
  },
  {
    version: 5,
    name: 'library',
    // The workspace library (issue 12, electron/service/library/): one row per completed check
    // with its fingerprint, lookup keys (LSH bands, transaction rows, references, accounts,
    // 16-bit chunks of page picture hashes) in one indexed table, and the relations found.
    // Only its own tables: it reads checks and feedback, never changes them.
    steps: [
      createTable('library_docs', [
        'seq SERIAL',
        'check_id TEXT NOT NULL UNIQUE',
        'sha256 TEXT NOT NULL',
        'issuer TEXT',
        'doc_type TEXT',
        'name TEXT',
        'decision TEXT',
        'fingerprint TEXT NOT NULL',
      ]),
      createIndex('library_docs_sha256', 'library_docs', 'sha256'),
      createIndex('library_docs_issuer', 'library_docs', 'issuer, doc_type, seq', 'issuer IS NOT NULL'),
      createTable('library_keys', ['key TEXT NOT NULL', 'check_id TEXT NOT NULL', 'PRIMARY KEY (key, check_id)'], { withoutRowid: true }),
      createIndex('library_keys_check', 'library_keys', 'check_id'),
      createTable('library_relations', [
        'id SERIAL',
        'check_id TEXT NOT NULL',
        'other_id TEXT NOT NULL',
        'relation TEXT NOT NULL',
        'similarity REAL NOT NULL',
        'details TEXT NOT NULL',
      ]),
      createIndex('library_relations_check', 'library_relations', 'check_id'),
      createIndex('library_relations_other', 'library_relations', 'other_id'),
    ],
  },
  {
    version: 6,
    name: 'queue_leases',
    // Team server (issue 13): the attempt that may settle a check (`lease`, written when a
    // worker claims it; the completing UPDATE requires it), how many attempts it took, and the
    // webhook deliveries a process has claimed until `claimed_until` (ms). The desktop writes
    // them too: one store, one queue interface.
    steps: [addColumn('checks', 'lease TEXT'), addColumn('checks', 'attempts INT32 NOT NULL DEFAULT 0'), addColumn('webhook_outbox', 'claimed_until INTEGER')],
  },
  {
    version: 7,
    name: 'password_supplied',
    // Issue 32: whether a password came with the file (1) or not (0). The password itself is
    // never stored anywhere (checks/passwords.ts holds it in memory until the analysis runs).
    steps: [addColumn('checks', 'password_supplied INTEGER NOT NULL DEFAULT 0')],
  },
];

/** The desktop's migrations: the history as written, one SQLite migration per version. */
export const MIGRATIONS: readonly Migration[] = HISTORY.map((m) => ({ version: m.version, name: m.name, sql: stepsSql(m.steps, 'sqlite') }));

/**
 * PostgreSQL (the team server, issue 13) arrived after SQLite's migration 5: its version 1 is the
 * schema those five leave, squashed, and every later migration follows under its own number
 * (SQLite version minus PG_OFFSET). Databases already record these versions and names.
 */
const PG_BASELINE = 5;
const PG_OFFSET = PG_BASELINE - 1;

export const PG_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: `initial (SQLite migrations 1-${PG_BASELINE})`,
    sql: stepsSql(squash(HISTORY.filter((m) => m.version <= PG_BASELINE).flatMap((m) => m.steps)), 'postgres'),
  },
  ...HISTORY.filter((m) => m.version > PG_BASELINE).map((m) => ({ version: m.version - PG_OFFSET, name: m.name, sql: stepsSql(m.steps, 'postgres') })),
];
