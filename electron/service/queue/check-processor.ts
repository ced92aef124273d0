/**
 * Takes a `processing` check to `completed` or `failed`: analysis in a worker thread, scoring
 * here with the check's own settings snapshot, then the webhook into the outbox. The checks
 * table is the durable queue; this class only keeps the in-memory view of what is in flight.
 */
import { EventEmitter, once } from 'node:events';
import type { Logger } from 'pino';
import type { Analysis } from '../../../engine/types.js';
import { renderCheck } from '../api/document-check.js';
import type { CheckError, CheckRecord } from '../store/checks.js';
import type { Store } from '../store/index.js';
import type { ConditionEvaluator } from '../conditions/condition-sandbox.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { AnalysisRunner } from './analysis-runner.js';
import { scoreCheck } from './score-check.js';

export interface ProcessorLimits {
  maxPages: number;
  maxMegapixels: number;
}

export class CheckProcessor {
  private readonly inFlight = new Set<string>();
  private readonly settled = new EventEmitter();
  private stopping = false;

  constructor(
    private readonly store: Store,
    private readonly runner: AnalysisRunner,
    private readonly webhooks: WebhookDispatcher,
    private readonly logger: Logger,
    private readonly limits: ProcessorLimits,
    private readonly conditions: ConditionEvaluator,
  ) {
    this.settled.setMaxListeners(0);
  }

  /** Queues a check for analysis (idempotent while it is in flight). */
  enqueue(id: string): void {
    if (this.stopping || this.inFlight.has(id)) return;
    this.inFlight.add(id);
    void this.process(id).finally(() => {
      this.inFlight.delete(id);
      this.settled.emit(id);
    });
  }

  /** Re-queues every check a previous run left `processing` (DECISIONS: nothing returned is lost). */
  recover(): number {
    const ids = this.store.checks.processing();
    for (const id of ids) this.enqueue(id);
    if (ids.length > 0) this.logger.info({ count: ids.length }, 're-queued checks left processing');
    return ids.length;
  }

  /** Resolves when the check leaves `processing` or after `ms`, whichever is first. */
  async waitFor(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    if (!this.inFlight.has(id)) return;
    const timeout = AbortSignal.timeout(ms);
    try {
      await once(this.settled, id, { signal: signal ? AbortSignal.any([timeout, signal]) : timeout });
    } catch {
      // timed out or the client went away: the caller returns the check as it stands
    }
  }

  get pending(): number {
    return this.inFlight.size;
  }

  stop(): void {
    this.stopping = true;
  }

  private async process(id: string): Promise<void> {
    const check = this.store.checks.get(id);
    if (!check || check.status !== 'processing') return;
    const outcome = await this.runner.run({
      path: this.store.uploads.pathFor(check.sha256),
      filename: check.filename,
      maxPages: this.limits.maxPages,
      maxMegapixels: this.limits.maxMegapixels,
    });
    // Interrupted by shutdown: leave it `processing` so the next start picks it up.
    if (this.stopping || (!outcome.ok && outcome.code === 'service_stopping')) return;
    try {
      if (outcome.ok) await this.complete(check, outcome.analysis);
      else this.fail(check, { type: 'api_error', code: outcome.code, message: outcome.message });
    } catch (err) {
      if (this.stopping) return;
      this.logger.error({ err, check: id }, 'scoring failed');
      this.fail(check, { type: 'api_error', code: 'engine_error', message: `Scoring failed: ${(err as Error).message.split('\n')[0]}` });
    }
  }

  private async complete(check: CheckRecord, analysis: Analysis): Promise<void> {
    const snapshot = this.store.checks.snapshot(check.id);
    // Deleted while it was being analysed: nothing to store, no webhook to send.
    if (!snapshot) return;
    // Rules are the submit-time snapshot, minus any deleted since: a deleted rule never fires.
    const deleted = this.store.rules.deletedAmong(snapshot.rules.map((r) => r.id));
    const { verdict, ruleErrors } = await scoreCheck(
      analysis,
      { mode: check.mode, thresholds: check.thresholds, snapshot: { ...snapshot, rules: snapshot.rules.filter((r) => !deleted.has(r.id)) } },
      this.conditions,
    );
    if (this.stopping) return;
    if (ruleErrors.length > 0) this.logger.warn({ check: check.id, rule_errors: ruleErrors }, 'rules failed to evaluate');
    // One transaction with the outbox row, so a crash cannot complete a check and lose its webhook.
    this.store.db.transaction(() => {
      const stored = this.store.checks.complete(check.id, {
        pages: analysis.document.pages,
        format: analysis.document.format,
        engine_version: analysis.engineVersion,
        extracted: analysis.extracted,
        verdict,
        analysis,
      });
      if (stored) this.notify(check.id, 'document_check.completed');
    })();
    this.logger.info({ check: check.id, decision: verdict.decision, risk_score: verdict.risk_score, ms: analysis.timings.total }, 'check completed');
  }

  private fail(check: CheckRecord, error: CheckError): void {
    this.store.db.transaction(() => {
      if (this.store.checks.fail(check.id, error)) this.notify(check.id, 'document_check.failed');
    })();
    this.logger.warn({ check: check.id, code: error.code, message: error.message }, 'check failed');
  }

  private notify(id: string, event: string): void {
    const check = this.store.checks.get(id);
    if (!check?.webhook_url) return;
    this.webhooks.enqueue(event, id, check.webhook_url, renderCheck(check));
  }
}
