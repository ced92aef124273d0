/** What a check concludes and how strictly it was judged: the engine scores into these, the contract sends them. */

export const DECISIONS = ['clear', 'pending', 'suspicious', 'fraudulent'] as const;
export type Decision = (typeof DECISIONS)[number];

/** One per decision, in the same order (vocabulary/bands.ts `riskLevelFor`). */
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

export const MODES = ['normal', 'strict', 'lenient'] as const;
export type Mode = (typeof MODES)[number];
