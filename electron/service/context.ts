/** What route modules (ours and the dashboard's) need from the running service. */
import type { Logger } from 'pino';
import type { ServiceConfig } from './config.js';
import type { CheckProcessor } from './queue/check-processor.js';
import type { Store } from './store/index.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface ServiceContext {
  config: ServiceConfig;
  store: Store;
  processor: CheckProcessor;
  webhooks: WebhookDispatcher;
  logger: Logger;
}
