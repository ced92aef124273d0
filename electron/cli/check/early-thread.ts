/**
 * `veracity check` spends most of its time in its analysis thread loading the engine and pdf.js.
 * bin/veracity.js starts that thread here, before commander and the other commands load, so the
 * two load side by side; check.ts then takes it over. Only for the plain case of one thread (no
 * --workers, no help): anything else starts its pool as before, and a thread nobody took is
 * stopped when the command ends (cli/index.ts).
 */
import { DEFAULTS } from '../../service/defaults.js';
import { AnalysisRunner } from '../../service/queue/analysis-runner.js';

let early: AnalysisRunner | null = null;

/** `args`: the command line after the script (process.argv.slice(2)). */
export function startCheckThreadEarly(args: readonly string[]): void {
  if (early || args[0] !== 'check' || args.some((a) => a === '--workers' || a.startsWith('--workers=') || a === '--help' || a === '-h')) return;
  early = new AnalysisRunner({ workers: 1, timeoutMs: DEFAULTS.analysisTimeoutMs });
  early.warmUp();
}

/** The thread started early, if it is the pool the command needs (`workers` threads); else null. */
export function takeEarlyRunner(workers: number): AnalysisRunner | null {
  const runner = early;
  early = null;
  if (runner && runner.workers !== workers) {
    void runner.close();
    return null;
  }
  return runner;
}

/** Stops a thread started early that no command took (a usage error, --help). */
export async function closeEarlyRunner(): Promise<void> {
  const runner = early;
  early = null;
  await runner?.close();
}
