/**
 * The workspace store: the database (SQLite in the data folder by default, or PostgreSQL for a
 * team server) plus the uploads folder. Every table module is written once against db/sql.ts.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../db/open.js';
import type { Sql } from '../db/sql.js';
import { SqliteSql } from '../db/sqlite.js';
import { LibraryStore } from '../library/store.js';
import { AuditStore, type AuditInput } from './audit.js';
import { CheckStore } from './checks.js';
import { FeedbackStore } from './feedback.js';
import { KeyStore } from './keys.js';
import { OutboxStore } from './outbox.js';
import { RuleStore } from './rules.js';
import { SettingsStore } from './settings.js';
import { UploadStore } from './uploads.js';

import { DATABASE_FILE } from './database-file.js';

export { DATABASE_FILE };

export interface StoreOptions {
  /** The database; default: SQLite in `<dataDir>/veracity.db`. */
  sql?: Sql;
  /** Where stored files live (every node of a team server mounts it); default `<dataDir>/uploads`. */
  filesDir?: string;
  /** A transaction's view shares the files of the store it was opened on. */
  uploads?: UploadStore;
}

export class Store {
  readonly sql: Sql;
  readonly checks: CheckStore;
  readonly rules: RuleStore;
  readonly settings: SettingsStore;
  readonly keys: KeyStore;
  readonly feedback: FeedbackStore;
  readonly outbox: OutboxStore;
  readonly uploads: UploadStore;
  readonly audit: AuditStore;
  readonly library: LibraryStore;

  constructor(
    readonly dataDir: string,
    options: StoreOptions = {},
  ) {
    if (!options.sql) mkdirSync(dataDir, { recursive: true });
    this.sql = options.sql ?? new SqliteSql(openDatabase(join(dataDir, DATABASE_FILE)));
    this.audit = new AuditStore(this.sql);
    this.checks = new CheckStore(this.sql);
    this.rules = new RuleStore(this.sql);
    this.settings = new SettingsStore(this.sql);
    this.keys = new KeyStore(this.sql, (actor, change, describe) => this.audited(actor, change, describe));
    this.feedback = new FeedbackStore(this.sql);
    this.outbox = new OutboxStore(this.sql);
    this.library = new LibraryStore(this.sql);
    this.uploads = options.uploads ?? new UploadStore(this.sql, dataDir, options.filesDir);
  }

  /** The better-sqlite3 handle of a SQLite workspace (backup, maintenance); throws on PostgreSQL. */
  get db(): Db {
    if (this.sql instanceof SqliteSql) return this.sql.db;
    throw new Error('This workspace is not a SQLite database.');
  }

  /** One unit of work: everything `fn` does through `tx` commits together or not at all. */
  transaction<T>(fn: (tx: Store) => Promise<T>): Promise<T> {
    return this.sql.transaction((sql) => fn(new Store(this.dataDir, { sql, uploads: this.uploads })));
  }

  /**
   * Runs `change` and appends the event `describe` derives from its result, in one transaction:
   * the change and its audit event commit together or not at all.
   */
  audited<T>(actor: string | null, change: (tx: Store) => Promise<T>, describe: (result: T) => AuditInput | null): Promise<T> {
    return this.transaction(async (tx) => {
      // The chain's tail first: concurrent audited changes then commit in the chain's order.
      await tx.audit.lock();
      const result = await change(tx);
      const input = describe(result);
      if (input) await tx.audit.append(actor, input);
      return result;
    });
  }

  close(): Promise<void> {
    return this.sql.close();
  }
}

export type { CheckRecord, CheckStatus, CheckError, SettingsSnapshot, StoredVerdict } from '../domain/check-record.js';
export type { RuleRecord, RuleFields } from './rules.js';
export type { ApiKeyRecord, Role, Permission } from './keys.js';
export type { FeedbackRecord } from './feedback.js';
export type { AuditEvent, AuditInput } from './audit.js';
