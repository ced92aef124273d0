/** `veracity worker`: a team server's analysis node (no HTTP) until SIGINT/SIGTERM. */
import type { Command } from 'commander';
import { resolveDataDir } from '../../service/data-dir.js';
import type { RunningWorker } from '../../service/worker-node.js';
import { DATA_DIR_HELP, DATABASE_HELP, databaseUrl, positiveInt } from './options.js';
import { stopWithNpmLauncher } from '../launcher.js';

interface WorkerOptions {
  database?: string;
  filesDir?: string;
  dataDir?: string;
  workers?: number;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description("analyse a team server's queued checks (no HTTP); run any number, on any machines")
    .option('--database <url>', DATABASE_HELP.replace(' (default: SQLite in the data folder)', ' (required; or VERACITY_DATABASE_URL)'), databaseUrl)
    .option('--files-dir <dir>', 'the stored files: the folder `serve` stores them in, mounted on this machine')
    .option('--data-dir <dir>', `${DATA_DIR_HELP}; only this node's temp files`)
    .option('--workers <n>', 'analysis threads (default: CPU cores - 1, at least 1)', positiveInt('--workers'))
    .action(async (opts: WorkerOptions) => {
      let worker: RunningWorker | null = null;
      let stopRequested = false;
      const stop = () => {
        if (stopRequested) return;
        stopRequested = true;
        if (!worker) return;
        worker.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      // Under npx or `npm run`, killing npm must not leave this process running (launcher.ts).
      stopWithNpmLauncher(stop);
      const { startWorker } = await import('../../service/worker-node.js');
      worker = await startWorker({ dataDir: resolveDataDir(opts.dataDir), database: opts.database, filesDir: opts.filesDir, workers: opts.workers });
      if (stopRequested) {
        stopRequested = false;
        return stop();
      }
      process.stdout.write(`worker ready (${worker.workers} analysis threads)\n`);
    });
}
