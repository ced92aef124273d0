/**
 * `veracity status`: the URL of the service running on a data folder (DECISIONS "Beyond v1"), for
 * local tools that need to find the desktop app's API. Exit 0 and the URL on stdout when one
 * answers; exit 1 with a plain line otherwise.
 */
import type { Command } from 'commander';
import { resolveDataDir } from '../../service/data-dir.js';
import type { ServiceInfo } from '../../service/service-file.js';
import { DATA_DIR_HELP } from './options.js';

/** Whether something answers HTTP at the recorded address (a recycled pid is not a service). */
async function answers(info: ServiceInfo, timeoutMs: number): Promise<boolean> {
  try {
    const res = await fetch(`${info.url}/api/v1/health/`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function findRunningService(dataDirFlag: string | undefined, timeoutMs = 2_000): Promise<{ dataDir: string; info: ServiceInfo | null }> {
  // Imported here: both read with zod, which the CLI's other commands do not load at start.
  const [{ loadPolicy }, { readServiceFile }] = await Promise.all([import('../../service/policy.js'), import('../../service/service-file.js')]);
  // A machine policy that pins the data folder wins here as it does for the service.
  const pinned = loadPolicy().pinned.data_dir;
  const dataDir = pinned ?? resolveDataDir(dataDirFlag);
  const info = readServiceFile(dataDir);
  return { dataDir, info: info && (await answers(info, timeoutMs)) ? info : null };
}

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description('print the URL of the Veracity service running on this data folder (exit 1 when none is)')
    .option('--data-dir <dir>', DATA_DIR_HELP)
    .option('--json', 'print service.json ({url, pid, version, started_at})')
    .action(async (opts: { dataDir?: string; json?: boolean }) => {
      const { dataDir, info } = await findRunningService(opts.dataDir);
      if (!info) {
        process.stderr.write(`No Veracity service is running for ${dataDir}.\n`);
        process.exitCode = 1;
        return;
      }
      process.stdout.write(opts.json ? `${JSON.stringify(info)}\n` : `${info.url}\n`);
    });
}
