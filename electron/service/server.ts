/**
 * startService: the whole local service in one call, used by `veracity serve` and by the
 * Electron main process (in-process). Never imports `electron`, so it runs under plain Node.
 */
import { mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { pino, type Logger } from 'pino';
import { createRequestListener } from './api/app.js';
import { HostGuard } from './api/host-guard.js';
import { resolveConfig, type ServiceConfig, type ServiceOptions } from './config.js';
import type { ServiceContext } from './context.js';
import { acquireInstanceLock } from './instance-lock.js';
import { rendererDir, serviceVersion } from './paths.js';
import { loadPolicy, pinnedNames, type LoadedPolicy } from './policy.js';
import { writeServiceFile } from './service-file.js';
import { ConditionSandbox } from './conditions/condition-sandbox.js';
import { StorageHealth } from './domain/storage-health.js';
import { AnalysisRunner } from './queue/analysis-runner.js';
import { CheckService } from './checks/check-service.js';
import { openQueue } from './open-queue.js';
import type { CheckQueue } from './queue/types.js';
import { SessionKeys } from './session-keys.js';
import type { Store } from './store/index.js';
import { openStore } from './store/open.js';
import { RetentionSweeper } from './store/retention.js';
import type { Role } from './store/keys.js';
import { nodeDispatcher } from './webhooks/node-dispatcher.js';

export interface RunningService {
  /** Base URL, e.g. http://127.0.0.1:5173 (the API is under `${url}/api/v1`). */
  url: string;
  host: string;
  port: number;
  config: ServiceConfig;
  context: ServiceContext;
  /** Creates a key for this run only (revoked by close(), or at the next start after a crash): the desktop app's session key. */
  createSessionKey(role?: Role, name?: string): Promise<string>;
  /** A one-time code for a new session key (`/#login=CODE`), so that the key never travels in a URL. */
  createLoginCode(role?: Role, name?: string): Promise<string>;
  /**
   * Stops accepting requests and lets in-flight ones finish, then stops the queue and the
   * analyses, then closes the database: unfinished checks resume at the next start (or, on a
   * team server, in another worker).
   */
  close(): Promise<void>;
}

export interface StartOptions extends ServiceOptions {
  /** The machine policy; default: read from its per-OS place (policy.ts). */
  machinePolicy?: LoadedPolicy;
  /** How often retention runs (default hourly; also at start and after a policy change). */
  retentionIntervalMs?: number;
}

export function defaultLogger(level = process.env.VERACITY_LOG_LEVEL ?? 'info'): Logger {
  // stderr: stdout of `veracity serve` carries only the `listening` line.
  return pino({ level, base: { name: 'veracity' } }, pino.destination({ fd: 2, sync: false }));
}

export async function startService(options: StartOptions): Promise<RunningService> {
  const { machinePolicy, retentionIntervalMs, ...serviceOptions } = options;
  const policy = machinePolicy ?? loadPolicy();
  const config = resolveConfig({ rendererDir: rendererDir(), ...serviceOptions }, process.env, policy);
  const logger = config.logger ?? defaultLogger();
  if (policy.error)
    logger.error({ policy: policy.path, problem: policy.error }, 'machine policy refused; running with safe defaults (private URLs refused, webhooks off)');
  else if (pinnedNames(policy.pinned).length) logger.info({ policy: policy.path, pinned: pinnedNames(policy.pinned) }, 'machine policy applied');
  mkdirSync(config.dataDir, { recursive: true });
  const lock = acquireInstanceLock(config.dataDir);
  let removeServiceFile: (() => void) | null = null;
  let store: Store | null = null;
  let runner: AnalysisRunner | null = null;
  let conditions: ConditionSandbox | null = null;
  let previewConditions: ConditionSandbox | null = null;
  let queue: CheckQueue | null = null;
  try {
    store = await openStore({ dataDir: config.dataDir, database: config.database, filesDir: config.filesDir });
    const db = store;
    if (config.bootstrapKey && (await db.keys.bootstrap(config.bootstrapKey))) logger.info('registered VERACITY_BOOTSTRAP_KEY as owner');
    await db.uploads.sweepTemp();
    // The desktop is the only process on its workspace: claims left by a crash are void.
    if (db.sql.dialect === 'sqlite') await db.outbox.releaseAll();
    const sessions = new SessionKeys(db, config.dataDir);
    const leftover = await sessions.revokeLeftovers();
    if (leftover > 0) logger.info({ count: leftover }, 'revoked session keys left by a run that did not stop cleanly');

    const webhooks = nodeDispatcher(db, config, logger);
    const localAnalysis = config.workers !== 0;
    runner = new AnalysisRunner({ workers: config.workers || undefined, timeoutMs: config.analysisTimeoutMs, workerFile: config.workerFile });
    conditions = new ConditionSandbox({ timeoutMs: config.conditionTimeoutMs });
    previewConditions = new ConditionSandbox({ timeoutMs: config.conditionTimeoutMs });
    const pipeline = { analyser: runner, conditions, limits: { maxPages: config.maxPages, maxMegapixels: config.maxMegapixels } };
    const checks = new CheckService(db, pipeline, webhooks, logger, new StorageHealth(), config.storageRetryMs);
    const opened = await openQueue(db, checks, {
      concurrency: localAnalysis ? runner.workers : 0,
      analysisTimeoutMs: config.analysisTimeoutMs,
      maintenanceSeconds: config.queueMaintenanceSeconds,
      graceMs: config.jobGraceMs,
      logger,
    });
    const processor = opened.queue;
    queue = processor;
    const retention = new RetentionSweeper(db, logger, retentionIntervalMs, config.retentionPin);
    const context: ServiceContext = { config, store: db, checks, processor, webhooks, logger, conditions, previewConditions, sessions, retention };
    const hosts = new HostGuard(config.allowedHosts);
    const listener = createRequestListener(context, hosts);

    const server = createServer(listener);
    // Long enough for `?wait=true` (55 s) plus slow uploads; Node's defaults would cut them off.
    server.requestTimeout = config.waitTimeoutMs + 5 * 60_000;
    server.headersTimeout = 60_000;
    server.keepAliveTimeout = 5_000;
    await listenPreferred(server, config.port, config.host, config.portFallback ?? false, logger);
    const address = server.address() as AddressInfo;
    hosts.bind(address.address, address.port);
    const host = address.address.includes(':') ? `[${address.address}]` : address.address;
    const url = `http://${host}:${address.port}`;
    context.url = url;
    const startedAt = new Date().toISOString();
    lock.update({ url, started_at: startedAt });
    removeServiceFile = writeServiceFile(config.dataDir, { url, pid: process.pid, version: serviceVersion(), started_at: startedAt });

    let stopped = false;
    // After the caller has seen the service listening: threads and recovered work start now.
    setImmediate(() => {
      if (stopped) return;
      if (localAnalysis) runner?.prime();
      opened.begin().catch((err: unknown) => logger.error({ err }, 'the check queue could not start'));
      // Webhooks off by policy: queued deliveries wait (and are sent if a later policy allows).
      if (config.webhooksEnabled) webhooks.start();
      retention.start();
    });
    logger.info({ url, dataDir: config.dataDir, workers: localAnalysis ? runner.workers : 0, database: db.sql.dialect }, 'service started');

    const activeRunner = runner;
    const dropServiceFile = removeServiceFile;
    const activeConditions = conditions;
    const activePreviewConditions = previewConditions;
    let closing: Promise<void> | null = null;
    return {
      url,
      host: address.address,
      port: address.port,
      config,
      context,
      createSessionKey(role = 'owner', name = 'session') {
        return sessions.create(role, name);
      },
      createLoginCode(role = 'owner', name = 'browser session') {
        return sessions.loginCode(role, name);
      },
      close() {
        closing ??= (async () => {
          stopped = true;
          try {
            // 1. HTTP first: no new connections; requests in flight finish against a working
            //    service (database, queue, rule sandbox all still up). Waiting requests
            //    (?wait=true) answer at once with the check as it stands.
            processor.drain();
            const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
            server.closeIdleConnections();
            // A request that hangs (a stalled upload) is cut after a while rather than holding shutdown.
            const forced = setTimeout(() => server.closeAllConnections(), 10_000);
            await serverClosed;
            clearTimeout(forced);
            // 2. The queue and the analyses: jobs held here go back to the queue.
            const queueStopped = processor.stop();
            await activeRunner.close();
            await queueStopped;
            await activeConditions.close();
            await activePreviewConditions.close();
            await webhooks.stop();
            await retention.stop();
            // 3. Then the database.
            await sessions.revokeAll();
            dropServiceFile();
            await db.close();
            logger.info('service stopped');
          } catch (err) {
            logger.error({ err }, 'service did not stop cleanly');
            throw err;
          } finally {
            // The process is going either way: a step that failed must not leave the data
            // folder locked for the next start (the lock names this process, which is ending).
            lock.release();
            logger.flush?.();
          }
        })();
        return closing;
      },
    };
  } catch (err) {
    removeServiceFile?.();
    await queue?.stop().catch(() => {});
    await runner?.close();
    await conditions?.close();
    await previewConditions?.close();
    await store?.close();
    lock.release();
    throw err;
  }
}

/** `port`, or a free one when it is taken and `fallback` allows (the desktop app's 8410). */
async function listenPreferred(server: Server, port: number, host: string, fallback: boolean, logger: Logger): Promise<void> {
  try {
    await listen(server, port, host);
  } catch (err) {
    if (!fallback || port === 0 || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    logger.warn({ port }, 'port taken; listening on a free one (service.json names it)');
    await listen(server, 0, host);
  }
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
