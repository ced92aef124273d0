import type { OutcomeGuidance } from '../api/contract.js';

/** SPEC "Outcome guidance semantics", in words a reviewer can act on. */
export const OUTCOME_HELP: Record<OutcomeGuidance, string> = {
  ADVISORY: 'Only nudges the score by the score delta; the bands decide.',
  PENDING: 'Floors the score into the pending band at least: the document is held for review.',
  REJECTED: 'Floors the score into the fraudulent band: the document is rejected.',
  ACCEPTED: 'Caps the score in the clear band: the document is accepted, whatever the signals.',
};

export function describeDelta(delta: number): string {
  if (delta === 0) return 'No change to the score.';
  return `${delta > 0 ? 'Adds' : 'Subtracts'} ${Math.abs(delta)} points ${delta > 0 ? 'to' : 'from'} the risk score when the rule fires (the result stays within 0–100).`;
}

/** Parse the score delta field; null when it is not an integer in -100..100. */
export function parseDelta(raw: string): number | null {
  if (!/^-?\d+$/.test(raw.trim())) return null;
  const n = Number(raw);
  return n >= -100 && n <= 100 ? n : null;
}
