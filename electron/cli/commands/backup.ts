/** `veracity backup`, `veracity restore`, `veracity audit verify` (DECISIONS "Beyond v1"). */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { resolveDataDir } from '../../service/data-dir.js';
import { DATA_DIR_HELP, DATABASE_HELP, databaseUrl } from './options.js';
import { existingStore, resolveDatabaseUrl } from './workspace.js';

function fail(message: string): void {
  process.stderr.write(`veracity: ${message}\n`);
  process.exitCode = 1;
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('write a consistent snapshot of the workspace (database and stored files) to a new folder; safe while the service runs')
    .requiredOption('--out <path>', 'the backup folder to create (must not exist or be empty)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .action(async (opts: { out: string; dataDir?: string }) => {
      // Resolved like every other command: on a team server this is not a folder to snapshot.
      if (resolveDatabaseUrl(undefined))
        return fail("backup copies a desktop workspace; a team server's PostgreSQL (VERACITY_DATABASE_URL) is backed up with pg_dump");
      const { BackupError, backupWorkspace } = await import('../../service/store/backup.js');
      try {
        const summary = await backupWorkspace(resolveDataDir(opts.dataDir), resolve(opts.out));
        const missing = summary.missing_files.length ? `; ${summary.missing_files.length} file(s) were deleted during the backup` : '';
        process.stdout.write(
          `backed up ${summary.checks} checks, ${summary.files} files and ${summary.audit_events} audit events to ${resolve(opts.out)}${missing}\n`,
        );
      } catch (err) {
        if (err instanceof BackupError) return fail(err.message);
        throw err;
      }
    });

  program
    .command('restore')
    .description('restore a backup into a new, empty data folder')
    .argument('<path>', 'a folder written by `veracity backup`')
    .requiredOption('--data-dir <dir>', 'the data folder to create (must not exist or be empty)')
    .action(async (path: string, opts: { dataDir: string }) => {
      const { BackupError, restoreWorkspace } = await import('../../service/store/backup.js');
      try {
        const dataDir = resolve(opts.dataDir);
        const restored = await restoreWorkspace(resolve(path), dataDir);
        process.stdout.write(`restored ${restored.checks} checks and ${restored.files} files into ${dataDir}\n`);
      } catch (err) {
        if (err instanceof BackupError) return fail(err.message);
        throw err;
      }
    });

  const audit = program.command('audit').description('the workspace audit log');
  audit
    .command('verify')
    .description('check the audit log hash chain; exits 1 naming the first broken event')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .action(async (opts: { dataDir?: string; database?: string }) => {
      const dir = resolveDataDir(opts.dataDir);
      const store = await existingStore(opts);
      if (!store) return fail(`no workspace in ${dir}`);
      try {
        const verdict = await store.audit.verify();
        if (verdict.ok) {
          process.stdout.write(`audit chain intact: ${verdict.count} events\n`);
        } else {
          fail(
            `audit chain broken at ${verdict.broken.id} (event ${verdict.broken.position}): ${verdict.broken.reason}; the ${verdict.count} events before it verify`,
          );
        }
      } finally {
        await store.close();
      }
    });
}
