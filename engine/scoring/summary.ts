/** Plain-language summary of a verdict: the decision, then the strongest reasons in words. */
import type { Decision, DocumentFacts, Flag, IncompleteDetector } from '../types.js';
import type { TriggeredRule } from './rules.js';

const OPENERS: Record<Decision, string> = {
  clear: 'No fraud signal strong enough to act on was found.',
  pending: 'Ambiguous signals were found; hold for human review.',
  suspicious: 'Fraud signals were found; route to a human reviewer.',
  fraudulent: 'Strong evidence of tampering or fabrication was found.',
};

export function summarize(
  decision: Decision,
  flags: readonly Flag[],
  rules: readonly TriggeredRule[],
  doc: DocumentFacts,
  incomplete: readonly IncompleteDetector[] = [],
): string {
  const parts = [OPENERS[decision]];
  const top = flags.slice(0, 3);
  if (top.length > 0) {
    const said = top.map((f) => f.reasons[0]?.summary ?? f.description).map((s) => s.replace(/\.$/, ''));
    parts.push(`${said.join('; ')}.`);
  } else if (decision === 'clear' && (doc.format === 'scanned_pdf' || doc.format === 'photo' || doc.format === 'scan_image')) {
    parts.push('The document has no digital text layer, so structural checks could not vouch for it.');
  }
  if (rules.length > 0) parts.push(`Rules applied: ${rules.map((r) => r.title).join(', ')}.`);
  // A check that did not run found nothing, which is not the same as finding nothing wrong.
  const failed = incomplete.filter((i) => i.cause !== 'unreadable');
  if (failed.length > 0) {
    const n = failed.length;
    parts.push(
      `Partial analysis: ${n} check${n === 1 ? '' : 's'} could not run (${failed.map((i) => i.detector).join(', ')}); the score covers the others only.`,
    );
  }
  // Checks that ran into figures they could not read: not checked, which is not a pass.
  const unread = [...new Set(incomplete.filter((i) => i.cause === 'unreadable').flatMap((i) => i.checks ?? [i.detector]))];
  if (unread.length > 0) {
    parts.push(`Not checked, as the figures they need could not be read: ${unread.map(checkWords).join(', ')}; the score covers the other checks only.`);
  }
  return parts.join(' ');
}

/** A check's reason code in words for the summary (`arithmetic_error.invoice_total` -> "invoice total"); the codes stay in the technical details. */
function checkWords(code: string): string {
  return (code.split('.').at(-1) ?? code).replace(/_/g, ' ');
}
