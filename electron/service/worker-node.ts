/**
 * startWorker: a team server's analysis node (`veracity worker`, issue 13). No HTTP: it pulls
 * check jobs from the PostgreSQL queue (queue/pg-queue.ts), runs the engine in its worker
 * threads, settles each check (with its webhook outbox row) and delivers webhooks from the
 * shared outbox. Any number of them, on any machines that reach the database and mount the
 * files folder.
 */
import { mkdirSync } from 'node:fs';
import type { Logger } from 'pino';
import { CheckService } from './checks/check-service.js';
import { ConditionSandbox } from './conditions/condition-sandbox.js';
import { resolveConfig, type ServiceOptions } from './config.js';
import { isPostgresUrl } from './db/sql.js';
import { loadPolicy } from './policy.js';
import { AnalysisRunner } from './queue/analysis-runner.js';
import { openQueue } from './open-queue.js';
import type { CheckQueue } from './queue/types.js';
import { defaultLogger } from './server.js';
import type { Store } from './store/index.js';
import { openStore } from './store/open.js';
import { nodeDispatcher } from './webhooks/node-dispatcher.js';

export interface RunningWorker {
  /** Analysis threads of this process. */
  workers: number;
  /** Stops pulling jobs, gives back those in flight (another worker runs them), closes the database. */
  close(): Promise<void>;
}

export async function startWorker(options: ServiceOptions & { logger?: Logger }): Promise<RunningWorker> {
  const config = resolveConfig({ rendererDir: false, ...options }, process.env, loadPolicy());
  if (!isPostgresUrl(config.database)) throw new Error('veracity worker needs a team server database: --database postgresql://… (or VERACITY_DATABASE_URL)');
  const logger = config.logger ?? defaultLogger();
  mkdirSync(config.dataDir, { recursive: true });
  let store: Store | null = null;
  let queue: CheckQueue | null = null;
  const runner = new AnalysisRunner({ workers: config.workers || undefined, timeoutMs: config.analysisTimeoutMs, workerFile: config.workerFile });
  const conditions = new ConditionSandbox({ timeoutMs: config.conditionTimeoutMs });
  try {
    store = await openStore({ dataDir: config.dataDir, database: config.database, filesDir: config.filesDir });
    const db = store;
    const webhooks = nodeDispatcher(db, config, logger);
    const pipeline = { analyser: runner, conditions, limits: { maxPages: config.maxPages, maxMegapixels: config.maxMegapixels } };
    const checks = new CheckService(db, pipeline, webhooks, logger);
    const opened = await openQueue(db, checks, {
      concurrency: runner.workers,
      analysisTimeoutMs: config.analysisTimeoutMs,
      maintenanceSeconds: config.queueMaintenanceSeconds,
      graceMs: config.jobGraceMs,
      logger,
    });
    queue = opened.queue;
    runner.warmUp();
    await opened.begin();
    if (config.webhooksEnabled) webhooks.start();
    logger.info({ workers: runner.workers }, 'worker started');
    const active = opened.queue;
    let closing: Promise<void> | null = null;
    return {
      workers: runner.workers,
      close() {
        closing ??= (async () => {
          active.drain();
          const queueStopped = active.stop();
          await runner.close();
          await queueStopped;
          await conditions.close();
          await webhooks.stop();
          await db.close();
          logger.info('worker stopped');
          logger.flush?.();
        })();
        return closing;
      },
    };
  } catch (err) {
    await queue?.stop().catch(() => {});
    await runner.close();
    await conditions.close();
    await store?.close();
    throw err;
  }
}
