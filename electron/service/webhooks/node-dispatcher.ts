/**
 * The webhook dispatcher of one node (`serve`, the desktop service, or a team `worker`), built
 * from its configuration: one place, so every process sends from the shared outbox alike.
 */
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config.js';
import type { Store } from '../store/index.js';
import { WebhookDispatcher } from './dispatcher.js';

export function nodeDispatcher(store: Store, config: ServiceConfig, logger: Logger): WebhookDispatcher {
  return new WebhookDispatcher({
    outbox: store.outbox,
    secret: () => store.settings.webhookSecret(),
    logger,
    retryDelaysMs: config.webhookRetryDelaysMs,
    requestTimeoutMs: config.webhookTimeoutMs,
    publicOnly: !config.allowPrivateUrls,
    // On a team server every process writes deliveries (workers settle checks): look for the
    // others' while idle. The desktop is alone on its workspace: kicks and due times suffice.
    idlePollMs: store.sql.dialect === 'postgres' ? 1_000 : undefined,
  });
}
