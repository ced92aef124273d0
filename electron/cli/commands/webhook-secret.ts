/** `veracity webhook-secret`: the workspace signing secret for Veracity-Signature. */
import type { Command } from 'commander';
import { DATA_DIR_HELP, DATABASE_HELP, databaseUrl } from './options.js';
import { withStore } from './workspace.js';

export function registerWebhookSecret(program: Command): void {
  program
    .command('webhook-secret')
    .description('print the webhook signing secret (created on first use)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--database <url>', DATABASE_HELP, databaseUrl)
    .action(async (opts: { dataDir?: string; database?: string }) => {
      await withStore(opts, async (store) => process.stdout.write(`${await store.settings.webhookSecret()}\n`));
    });
}
