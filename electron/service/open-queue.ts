/**
 * Builds the check queue a node's store calls for: the desktop's in-process queue on SQLite,
 * pg-boss on PostgreSQL (pg-queue.ts). `serve` and `worker` both start theirs through here.
 */
import type { Logger } from 'pino';
import type { CheckService } from './checks/check-service.js';
import type { PgHandle } from './db/postgres.js';
import type { Store } from './store/index.js';
import { CheckProcessor } from './queue/check-processor.js';
import type { CheckQueue } from './queue/types.js';

export interface OpenedQueue {
  queue: CheckQueue;
  /** Begins the work (SQLite: re-queues what a previous run left `processing`; PostgreSQL: pulls jobs). */
  begin(): Promise<void>;
}

export interface QueueSettings {
  /** Checks analysed at once in this process (0: none, PostgreSQL only). */
  concurrency: number;
  analysisTimeoutMs: number;
  maintenanceSeconds?: number;
  graceMs?: number;
  logger: Logger;
}

export async function openQueue(store: Store, checks: CheckService, settings: QueueSettings): Promise<OpenedQueue> {
  const { logger } = settings;
  if (store.sql.dialect === 'sqlite') {
    if (settings.concurrency < 1)
      throw new Error('--workers 0 needs a team server (--database postgresql://…): on SQLite this process is the only one that analyses.');
    const processor = new CheckProcessor((id) => checks.settle(id), logger);
    checks.attach(processor);
    return {
      queue: processor,
      async begin() {
        await checks.recover(processor);
      },
    };
  }
  const { PgCheckQueue } = await import('./queue/pg-queue.js');
  const queue = await PgCheckQueue.start({
    sql: store.sql as PgHandle,
    store,
    concurrency: settings.concurrency,
    analysisTimeoutMs: settings.analysisTimeoutMs,
    maintenanceSeconds: settings.maintenanceSeconds,
    graceMs: settings.graceMs,
    logger,
  });
  queue.giveUp = (id, lease, attempts) =>
    checks.fail(
      id,
      {
        type: 'api_error',
        code: 'engine_error',
        message: `The analysis ended without an outcome ${attempts} times (its worker stopped or ran past the time limit).`,
      },
      lease,
    );
  checks.attach(queue);
  return {
    queue,
    async begin() {
      await queue.work((id, lease) => checks.settle(id, lease));
    },
  };
}
