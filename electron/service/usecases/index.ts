/**
 * The use-case layer: what the service does, between the HTTP layer (api/, dashboard/) and the
 * store and queue. Every route calls one of these; none reaches the store itself, and nothing
 * here knows about HTTP (a request turned down is a Rejected or Missing, see rejections.ts).
 *
 * Shape: one module per area in this folder (rules.ts, settings.ts, retention.ts, ...), each a
 * class over the store. A document check's life (submit, settle, present, list, delete) is the
 * one area big enough for its own folder, checks/, because the queue, the CLI and the bench
 * drive it too; it is part of this layer and is built once by the server (ServiceContext.checks).
 */
import type { CheckService } from '../checks/check-service.js';
import type { ServiceContext } from '../context.js';
import type { StorageHealth } from '../domain/storage-health.js';
import type { SessionKeys } from '../session-keys.js';
import type { UploadStore } from '../store/uploads.js';
import { About } from './about.js';
import { AuditLog } from './audit-log.js';
import { CheckInspection } from './check-inspection.js';
import { Feedback } from './feedback.js';
import { Keys } from './keys.js';
import { Retention } from './retention.js';
import { Rules } from './rules.js';
import { Settings } from './settings.js';

export interface UseCases {
  checks: CheckService;
  /** Where a submitted file is received before its check exists (a temp file, hashed as it arrives). */
  uploads: Pick<UploadStore, 'begin'>;
  feedback: Feedback;
  rules: Rules;
  settings: Settings;
  retention: Retention;
  audit: AuditLog;
  keys: Keys;
  inspection: CheckInspection;
  about: About;
  /** Login codes exchanged for this run's session keys. */
  sessions: Pick<SessionKeys, 'redeem'>;
  /** Checks waiting for analysis (the health probe). */
  queueDepth(): Promise<number>;
  /** Whether the disk takes writes (the health probe), told of refused writes the HTTP layer met. */
  storage: Pick<StorageHealth, 'failed' | 'current'>;
}

export function useCases(ctx: ServiceContext): UseCases {
  const { store } = ctx;
  return {
    checks: ctx.checks,
    uploads: store.uploads,
    feedback: new Feedback(store),
    rules: new Rules(store),
    settings: new Settings(store),
    retention: new Retention(store, ctx.config.retentionPin, ctx.retention),
    audit: new AuditLog(store),
    keys: new Keys(store),
    inspection: new CheckInspection(store, ctx.previewConditions),
    about: new About(ctx),
    sessions: ctx.sessions,
    queueDepth: () => ctx.processor.depth(),
    storage: ctx.checks.storage,
  };
}

export { Missing, Rejected } from './rejections.js';
export type { ApiKeyRecord, Permission } from '../domain/roles.js';
export type { AuditEvent, FeedbackRecord, RuleRecord } from '../store/index.js';
export type { FlagSettingsRecord, ThresholdsRecord } from '../store/settings.js';
export type { RetentionPolicy } from '../store/retention.js';
