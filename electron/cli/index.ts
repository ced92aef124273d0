/** The `veracity` command (DECISIONS "Command line"). Loaded by bin/veracity.js from dist/. */
import { Command, CommanderError } from 'commander';
import { registerBackup } from './commands/backup.js';
import { registerCheck } from './commands/check.js';
import { registerKeys } from './commands/keys.js';
import { registerServe } from './commands/serve.js';
import { registerStatus } from './commands/status.js';
import { registerWebhookSecret } from './commands/webhook-secret.js';
import { registerWorker } from './commands/worker.js';
import { registerMigrate } from './commands/migrate.js';
import { ENGINE_VERSION } from '../../engine/index.js';
import { closeEarlyRunner } from './check/early-thread.js';
import { USAGE_EXIT_CODE, UsageError } from './usage-error.js';

export function buildProgram(): Command {
  const program = new Command('veracity')
    .description('Offline document fraud checks: genuine, tampered or AI-generated, and why.')
    .version(ENGINE_VERSION, '-v, --version', 'print the engine version')
    // A short pointer, not the whole help: the error line above it is what the user needs to read.
    .showHelpAfterError('(add --help for usage)')
    // Before the commands are added, so that they inherit it: main() decides the exit codes.
    .exitOverride();
  registerServe(program);
  registerWorker(program);
  registerStatus(program);
  registerKeys(program);
  registerWebhookSecret(program);
  registerCheck(program);
  registerBackup(program);
  registerMigrate(program);
  return program;
}

export async function main(argv: string[] = process.argv): Promise<void> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end with 0; every other commander error is a usage error.
      process.exitCode = err.exitCode === 0 ? 0 : USAGE_EXIT_CODE;
      return;
    }
    process.stderr.write(`veracity: ${(err as Error).message}\n`);
    process.exitCode = err instanceof UsageError ? USAGE_EXIT_CODE : 1;
  } finally {
    await closeEarlyRunner();
  }
}

await main();
