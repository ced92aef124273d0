/**
 * The progress bar of a `veracity check` batch, drawn with cli-progress on stderr (so stdout
 * stays the table or the JSON lines). Only for a terminal and more than one document: a pipe or
 * a log file gets no bar, and one document needs none. cli-progress is loaded only then.
 */

export interface Progress {
  /** One more document done (`failed`: it could not be analysed). */
  advance(failed: boolean): void;
  stop(): void;
}

const NONE: Progress = { advance() {}, stop() {} };

export async function startProgress(total: number, { stream }: { stream: NodeJS.WriteStream }): Promise<Progress> {
  if (total < 2 || !stream.isTTY) return NONE;
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    { stream, format: 'checking {bar} {value}/{total} documents{failed}', hideCursor: true, clearOnComplete: true, etaBuffer: total },
    cliProgress.Presets.shades_classic,
  );
  let failed = 0;
  bar.start(total, 0, { failed: '' });
  return {
    advance(didFail) {
      if (didFail) failed++;
      bar.increment(1, { failed: failed ? ` (${failed} could not be analysed)` : '' });
    },
    stop() {
      bar.stop();
    },
  };
}
