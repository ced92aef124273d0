/**
 * The "analyse -> score" steps of a check: the engine in a worker thread, then the check's own
 * settings. Shared by the queue (served checks) and `veracity check` (offline), so both settle a
 * document the same way.
 */
import type { Thresholds, Analysis, Finding, Mode } from '../../../engine/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { CheckError, CompletedAnalysis, SettingsSnapshot } from '../domain/check-record.js';
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
}

export type Assessment =
  | { status: 'completed'; result: CompletedAnalysis; ruleErrors: Array<{ id: string; message: string }> }
  | { status: 'failed'; error: CheckError }
  /** The service is stopping: the check stays `processing` and resumes at the next start. */
  | { status: 'interrupted' }
  /** The check was deleted while it was analysed: nothing to store. */
  | { status: 'gone' };

export async function assess(pipeline: Pipeline, input: AssessInput): Promise<Assessment> {
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
  const library = (await input.compare?.(outcome.analysis)) ?? [];
  const analysis = library.length ? { ...outcome.analysis, findings: [...outcome.analysis.findings, ...library] } : outcome.analysis;
  const snapshot = typeof input.snapshot === 'function' ? await input.snapshot() : input.snapshot;
  if (!snapshot) return { status: 'gone' };
  try {
    const { verdict, ruleErrors } = await scoreCheck(analysis, { mode: input.mode, thresholds: input.thresholds, snapshot }, pipeline.conditions);
    const result: CompletedAnalysis = {
      pages: analysis.document.pages,
      format: analysis.document.format,
      engine_version: analysis.engineVersion,
      extracted: analysis.extracted,
      verdict,
      analysis,
    };
    return { status: 'completed', result, ruleErrors };
  } catch (err) {
    return { status: 'failed', error: { type: 'api_error', code: 'engine_error', message: `Scoring failed: ${(err as Error).message.split('\n')[0]}` } };
  }
}
