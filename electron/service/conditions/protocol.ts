/** Messages between the service and its condition sandbox thread. */
import type { ConditionContext } from '../../../engine/scoring/conditions.js';
import type { RuleOutcome } from '../../../engine/scoring/rules.js';

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
