/** The running service's parts: the app builds the use cases (usecases/index.ts) from them and hands its routes those alone. */
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { SessionKeys } from './session-keys.js';
import type { CheckService } from './checks/check-service.js';
import type { ConditionEvaluator } from './conditions/condition-sandbox.js';
import type { CheckQueue } from './queue/types.js';
import type { Store } from './store/index.js';
import type { RetentionSweeper } from './store/retention.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface ServiceContext {
  config: ServiceConfig;
  store: Store;
  /** The checks' use cases: submit, settle, present. */
  checks: CheckService;
  /** The check queue: in-process on SQLite, pg-boss on PostgreSQL. */
  processor: CheckQueue;
  /** Evaluates rule conditions off the API thread, with a deadline. */
  conditions: ConditionEvaluator;
  /** The same for the dashboard's rule previews, on a thread of its own so they never queue ahead of scoring. */
  previewConditions: ConditionEvaluator;
  /** Keys issued to this run's windows, and their one-time login codes. */
  sessions: SessionKeys;
  webhooks: WebhookDispatcher;
  logger: Logger;
  /** The base URL once the service listens (what service.json holds). */
  url?: string;
  /** Removes expired checks and files (DECISIONS retention); absent in bare test contexts. */
  retention?: RetentionSweeper;
}
