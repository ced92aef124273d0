/** `veracity migrate`: moves a desktop workspace to a team server's PostgreSQL (issue 13). */
import type { Command } from 'commander';
import { resolve } from 'node:path';
import { resolveDataDir } from '../../service/data-dir.js';
import { DATABASE_HELP, databaseUrl } from './options.js';
import { UsageError } from '../usage-error.js';
import { resolveDatabaseUrl } from './workspace.js';

interface MigrateOptions {
  fromDataDir: string;
  database?: string;
  filesDir?: string;
  dataDir?: string;
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description(
      "copy a desktop workspace (checks, files, rules, thresholds, flag settings, keys, webhooks, audit log, library) into a team server's new, empty PostgreSQL database",
    )
    .requiredOption('--from-data-dir <dir>', 'the desktop data folder to copy (left unchanged; stop the app first)')
    .option('--database <url>', DATABASE_HELP.replace(' (default: SQLite in the data folder)', ' (required; or VERACITY_DATABASE_URL)'), databaseUrl)
    .option('--files-dir <dir>', "the team server's files folder (what `serve --files-dir` names)")
    .option('--data-dir <dir>', "this node's data folder (temp files only)")
    .action(async (opts: MigrateOptions) => {
      const database = resolveDatabaseUrl(opts.database);
      if (!database) throw new UsageError('migrate needs --database postgresql://… (or VERACITY_DATABASE_URL)');
      if (!opts.filesDir) throw new UsageError('migrate needs --files-dir: the folder the team server keeps stored files in');
      const { migrateWorkspace } = await import('../../service/store/migrate-workspace.js');
      const report = await migrateWorkspace(
        { dataDir: resolve(opts.fromDataDir) },
        { database, filesDir: resolve(opts.filesDir), dataDir: resolveDataDir(opts.dataDir) },
      );
      const rows = Object.entries(report.tables)
        .filter(([, n]) => n > 0)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ');
      process.stdout.write(`migrated: ${rows || 'no rows'}; ${report.files} stored files\n`);
    });
}
