/** `veracity serve`: the API (and built renderer) until SIGINT/SIGTERM. */
import { spawn } from 'node:child_process';
import type { Command } from 'commander';
import { resolveDataDir } from '../../service/data-dir.js';
import type { RunningService } from '../../service/server.js';
import { DATA_DIR_HELP, DATABASE_HELP, databaseUrl, nonNegativeInt, port } from './options.js';
import { explainStartFailure } from './serve-errors.js';
import { resolveDatabaseUrl } from './workspace.js';
import { UsageError } from '../usage-error.js';
import { stopWithNpmLauncher } from '../launcher.js';

interface ServeOptions {
  host: string;
  port: number;
  dataDir?: string;
  database?: string;
  filesDir?: string;
  workers?: number;
  open?: boolean;
  allowedHost: string[];
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('start the local API (http://127.0.0.1 by default) and the review UI')
    .option('--host <host>', 'address to bind; anything but loopback exposes the API to the network', '127.0.0.1')
    .option('--port <port>', 'port to listen on; 0 picks a free port', port('--port'), 0)
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .option('--files-dir <dir>', 'where stored files live; a team server: a folder every node mounts (default: <data-dir>/uploads)')
    .option(
      '--workers <n>',
      'analysis worker threads (default: CPU cores - 1, at least 1); 0 with --database: analysis only in `veracity worker`s',
      nonNegativeInt('--workers'),
    )
    .option(
      '--allowed-host <name>',
      'a Host name requests may use besides the bound address, localhost and 127.0.0.1 (repeatable)',
      (v: string, prev: string[]) => [...prev, v],
      [] as string[],
    )
    .option('--open', 'open the review UI in the default browser, signed in with a session key')
    .action(async (opts: ServeOptions) => {
      if (opts.workers === 0 && !resolveDatabaseUrl(opts.database)) {
        throw new UsageError('--workers must be at least 1 (0 only with --database postgresql://…: `veracity worker`s analyse instead).');
      }
      // Handlers go in before the `listening` line: a script may signal us the moment it reads it.
      let service: RunningService | null = null;
      let stopRequested = false;
      const stop = () => {
        if (stopRequested) return;
        stopRequested = true;
        if (!service) return; // start-up finishes below, then stops
        service.close().then(
          () => process.exit(0),
          () => process.exit(1),
        );
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      // Under npx or `npm run`, killing npm must not leave this process running (launcher.ts).
      stopWithNpmLauncher(stop);
      // Loaded here so that the other commands do not pay for Express and the worker pool.
      const { startService } = await import('../../service/server.js');
      service = await startService({
        dataDir: resolveDataDir(opts.dataDir),
        database: opts.database,
        filesDir: opts.filesDir,
        host: opts.host,
        port: opts.port,
        workers: opts.workers,
        allowedHosts: opts.allowedHost.length > 0 ? opts.allowedHost : undefined,
      }).catch((err: unknown) => {
        throw explainStartFailure(err, opts);
      });
      if (stopRequested) {
        stopRequested = false;
        return stop();
      }
      process.stdout.write(`listening ${service.url}\n`);
      // A one-time code, not the key: the URL is visible in the opener's argv.
      if (opts.open) openBrowser(`${service.url}/#login=${await service.createLoginCode('owner', 'browser session (serve --open)')}`);
    });
}

function openBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : process.platform === 'darwin' ? ['open', [url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args as string[], { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`Could not open a browser; visit ${url.split('#')[0]} and sign in with a key.\n`));
  child.unref();
}
