/**
 * The progress bar of a `veracity check` batch, drawn with cli-progress on stderr (so stdout
 * stays the table or the JSON lines). Only for a terminal and more than one document: a pipe or
 * a log file gets no bar, and one document needs none.
 */

export interface Progress {
  /** One more document done (`failed`: it could not be analysed). */
  advance(failed: boolean): void;
  stop(): void;
}

const NONE: Progress = { advance() {}, stop() {} };

/** The part of cli-progress used here (SingleBar). */
interface Bar {
  start(total: number, value: number, payload?: Record<string, unknown>): void;
  increment(step: number, payload?: Record<string, unknown>): void;
  stop(): void;
}
interface CliProgress {
  SingleBar: new (options: Record<string, unknown>, preset?: unknown) => Bar;
  Presets: { shades_classic: unknown };
}

/** The package name in a variable: the bar is decoration, so a build without it still checks files. */
const PACKAGE = 'cli-progress';

export async function startProgress(total: number, { stream }: { stream: NodeJS.WriteStream }): Promise<Progress> {
  if (total < 2 || !stream.isTTY) return NONE;
  const lib = (await import(PACKAGE).then((m: { default?: CliProgress } & CliProgress) => m.default ?? m, () => null)) as CliProgress | null;
  if (!lib) return NONE;
  const bar = new lib.SingleBar(
    { stream, format: 'checking {bar} {value}/{total} documents{failed}', hideCursor: true, clearOnComplete: true, etaBuffer: total },
    lib.Presets.shades_classic,
  );
  let failed = 0;
  const suffix = () => (failed ? ` (${failed} could not be analysed)` : '');
  bar.start(total, 0, { failed: '' });
  return {
    advance(didFail) {
      if (didFail) failed++;
      bar.increment(1, { failed: suffix() });
    },
    stop() {
      bar.stop();
    },
  };
}
