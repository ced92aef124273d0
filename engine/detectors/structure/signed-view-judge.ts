/**
 * Which visible changes after a signature the signature's rules allow. Signing leaves room for
 * later updates: further signatures and validation data always, form filling unless the
 * certification forbids all changes (DocMDP /P 1), annotations when it allows them (/P 3) or
 * when the document is not certified. None of these may paint over what the signer saw: a form
 * field or comment that covers signed text changes what the document says, whatever its kind.
 * Changes drawn by the page itself (its content, XObjects, layers) are never allowed.
 */
import type { SignedViewChange, SignedViewDiff } from '../../types.js';

export type Verdict =
  /** Content that was drawn but invisible (or present and unused) when signed now shows. */
  | 'prepared'
  /** The page itself shows something else. */
  | 'page_changed'
  /** A field or annotation paints over text the signer saw. */
  | 'over_signed_text'
  /** A field, signature or annotation the certification level does not allow. */
  | 'not_permitted'
  /** A change signing allows: a later signature, a filled form field, a comment. */
  | 'permitted';

export interface JudgedChange {
  change: SignedViewChange;
  verdict: Verdict;
  /** Why, in a reviewer's words. */
  why: string;
}

export function judgeChanges(diff: SignedViewDiff, docMdp: number | undefined): JudgedChange[] {
  return diff.changes.map((change) => ({ change, ...judge(change, docMdp) }));
}

function judge(c: SignedViewChange, docMdp: number | undefined): { verdict: Verdict; why: string } {
  if (c.source === 'page') {
    if (c.prepared && c.after) return { verdict: 'prepared', why: `content prepared before signing now shows: ${c.prepared}` };
    return { verdict: 'page_changed', why: 'the page itself draws something else than when it was signed' };
  }
  const what = c.source === 'signature_field' ? 'a later signature' : c.source === 'form_field' ? 'a form field' : 'an annotation';
  if (c.overSignedText) return { verdict: 'over_signed_text', why: `${what} paints over text that was visible when the document was signed` };
  if (docMdp === 1) return { verdict: 'not_permitted', why: `${what} changed although the certification (DocMDP /P 1) allows no change` };
  if (c.source === 'annotation' && docMdp === 2)
    return { verdict: 'not_permitted', why: `${what} added although the certification (DocMDP /P 2) allows only form filling and signing` };
  const rule = docMdp ? `DocMDP /P ${docMdp}` : 'no certification restricts it';
  return { verdict: 'permitted', why: `${what} (${rule}), painted on a part of the page the signer left empty` };
}
