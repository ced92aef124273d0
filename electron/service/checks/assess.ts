/**
 * The "analyse -> score" steps of a check: the engine in a worker thread, then the check's own
 * settings. Shared by the queue (served checks) and `veracity check` (offline), so both settle a
 * document the same way.
 */
import type { Thresholds, Analysis, Finding, Mode } from '../../../engine/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { CheckError, CompletedAnalysis, SettingsSnapshot, StageTimings } from '../domain/check-record.js';
import type { AnalysisOutcome, AnalysisTask } from '../queue/types.js';
import { scoreCheck } from './score.js';

/** What runs the engine: the worker pool (queue/analysis-runner.ts), or a fake in tests. */
export interface Analyser {
  run(task: AnalysisTask): Promise<AnalysisOutcome>;
}

export interface Pipeline {
  analyser: Analyser;
  conditions: ConditionEvaluator;
  limits: { maxPages: number; maxMegapixels: number };
}

export interface AssessInput {
  path: string;
  filename: string;
  mode: Mode;
  thresholds: Thresholds;
  /**
   * The settings snapshot, or a function read once the analysis is done (rules deleted meanwhile
   * must not fire); it returns null when the check itself is gone.
   */
  snapshot: SettingsSnapshot | (() => Promise<SettingsSnapshot | null>);
  /**
   * The workspace library's comparison (checks/library.ts), run after analysis and before
   * scoring; its findings are scored like the engine's. Absent offline (no workspace).
   */
  compare?: (analysis: Analysis) => Promise<Finding[]>;
  /** A PDF's password, handed to the analysis and nowhere else. */
  password?: string;
  /** Stages measured before the analysis (receive, store, queue); the assessment adds its own. */
  timings?: StageTimings;
}

export type Assessment =
  | { status: 'completed'; result: CompletedAnalysis; ruleErrors: Array<{ id: string; message: string }> }
  | { status: 'failed'; error: CheckError }
  /** The service is stopping: the check stays `processing` and resumes at the next start. */
  | { status: 'interrupted' }
  /** The check was deleted while it was analysed: nothing to store. */
  | { status: 'gone' };

const round2 = (ms: number) => Math.round(ms * 100) / 100;

export async function assess(pipeline: Pipeline, input: AssessInput): Promise<Assessment> {
  let mark = performance.now();
  const outcome = await pipeline.analyser.run({
    path: input.path,
    filename: input.filename,
    ...pipeline.limits,
    ...(input.password !== undefined ? { password: input.password } : {}),
  });
  if (!outcome.ok) {
    if (outcome.code === 'service_stopping') return { status: 'interrupted' };
    return { status: 'failed', error: { type: 'api_error', code: outcome.code, message: outcome.message } };
  }
  const timings: StageTimings = { ...input.timings };
  const roundTrip = performance.now() - mark;
  if (outcome.work) {
    const waited = outcome.work.waited ?? 0;
    timings.queue = round2((timings.queue ?? 0) + waited);
    timings.handoff = round2(roundTrip - waited - outcome.work.total);
    timings.read = outcome.work.read;
  }
  timings.engine = outcome.analysis.timings.total;
  mark = performance.now();
  const library = (await input.compare?.(outcome.analysis)) ?? [];
  if (input.compare) timings.library = round2(performance.now() - mark);
  mark = performance.now();
  const analysis = library.length ? { ...outcome.analysis, findings: [...outcome.analysis.findings, ...library] } : outcome.analysis;
  const snapshot = typeof input.snapshot === 'function' ? await input.snapshot() : input.snapshot;
  if (!snapshot) return { status: 'gone' };
  try {
    const { verdict, ruleErrors } = await scoreCheck(analysis, { mode: input.mode, thresholds: input.thresholds, snapshot }, pipeline.conditions);
    timings.score = round2(performance.now() - mark);
    const result: CompletedAnalysis = {
      pages: analysis.document.pages,
      format: analysis.document.format,
      engine_version: analysis.engineVersion,
      extracted: analysis.extracted,
      verdict: { ...verdict, timings },
      analysis,
    };
    return { status: 'completed', result, ruleErrors };
  } catch (err) {
    return { status: 'failed', error: { type: 'api_error', code: 'engine_error', message: `Scoring failed: ${(err as Error).message.split('\n')[0]}` } };
  }
}
