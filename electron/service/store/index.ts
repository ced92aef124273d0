/** The workspace store: one SQLite database plus the uploads folder, under one data folder. */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase, type Db } from '../db/open.js';
import { AuditStore } from './audit.js';
import { CheckStore } from './checks.js';
import { FeedbackStore } from './feedback.js';
import { KeyStore } from './keys.js';
import { OutboxStore } from './outbox.js';
import { RuleStore } from './rules.js';
import { SettingsStore } from './settings.js';
import { UploadStore } from './uploads.js';

export const DATABASE_FILE = 'veracity.db';

export class Store {
  readonly db: Db;
  readonly checks: CheckStore;
  readonly rules: RuleStore;
  readonly settings: SettingsStore;
  readonly keys: KeyStore;
  readonly feedback: FeedbackStore;
  readonly outbox: OutboxStore;
  readonly uploads: UploadStore;
  readonly audit: AuditStore;

  constructor(readonly dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.db = openDatabase(join(dataDir, DATABASE_FILE));
    this.audit = new AuditStore(this.db);
    this.checks = new CheckStore(this.db);
    this.rules = new RuleStore(this.db);
    this.settings = new SettingsStore(this.db);
    this.keys = new KeyStore(this.db, this.audit);
    this.feedback = new FeedbackStore(this.db);
    this.outbox = new OutboxStore(this.db);
    this.uploads = new UploadStore(this.db, dataDir);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

export type { CheckRecord, CheckStatus, CheckError, SettingsSnapshot, StoredVerdict } from '../domain/check-record.js';
export type { RuleRecord, RuleFields } from './rules.js';
export type { ApiKeyRecord, Role, Permission } from './keys.js';
export type { FeedbackRecord } from './feedback.js';
export type { AuditEvent, AuditInput } from './audit.js';
