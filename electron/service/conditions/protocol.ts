/** Messages between the service and its condition sandbox thread. */
import type { ConditionContext, RuleOutcome } from '../../../engine/index.js';

export interface SandboxRequest {
  job: number;
  conditions: string[];
  ctx: ConditionContext;
}

export interface SandboxReply {
  job: number;
  /** Position in `conditions` of the condition this outcome belongs to. */
  index: number;
  outcome: RuleOutcome;
}

/** Posted once by the thread when its modules are loaded: deadlines start from here, not from spawn. */
export interface SandboxReady {
  ready: true;
}
