/** The `veracity` command (DECISIONS "Command line"). Loaded by bin/veracity.js from dist/. */
import { Command, CommanderError } from 'commander';
import { registerBackup } from './commands/backup.js';
import { registerCheck } from './commands/check.js';
import { registerKeys } from './commands/keys.js';
import { registerServe } from './commands/serve.js';
import { registerStatus } from './commands/status.js';
import { registerWebhookSecret } from './commands/webhook-secret.js';
import { ENGINE_VERSION } from '../../engine/version.js';

export function buildProgram(): Command {
  const program = new Command('veracity')
    .description('Offline document fraud checks: genuine, tampered or AI-generated, and why.')
    .version(ENGINE_VERSION, '-v, --version', 'print the engine version')
    .showHelpAfterError();
  registerServe(program);
  registerStatus(program);
  registerKeys(program);
  registerWebhookSecret(program);
  registerCheck(program);
  registerBackup(program);
  return program;
}

export async function main(argv: string[] = process.argv): Promise<void> {
  const program = buildProgram().exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode;
      return;
    }
    process.stderr.write(`veracity: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}

await main();
