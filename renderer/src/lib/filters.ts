import type { Decision, DocumentCheck } from '../api/contract.js';

export type StatusFilter = Decision | 'processing' | 'failed' | 'all';

export interface InboxFilter {
  status: StatusFilter;
  docType: string; // '' = any
  from: string; // YYYY-MM-DD or ''
  to: string;
  query: string;
  /** Only checks the workspace library related to another check (a flag of category library). */
  related: boolean;
}

export const EMPTY_FILTER: InboxFilter = { status: 'all', docType: '', from: '', to: '', query: '', related: false };

export function isFilterActive(f: InboxFilter): boolean {
  return f.status !== 'all' || f.related || f.docType !== '' || f.from !== '' || f.to !== '' || f.query.trim() !== '';
}

/** Search covers what a reviewer has at hand: the file name, issuer, holder name, or a sha256 prefix. */
function matchesQuery(check: DocumentCheck, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  const sha = check.document.sha256?.toLowerCase() ?? '';
  if (/^[0-9a-f]{6,64}$/.test(q) && sha.startsWith(q)) return true;
  const haystack = [check.document.filename, check.extracted?.issuer, check.extracted?.name, check.id].filter(Boolean).join('\n').toLowerCase();
  return haystack.includes(q);
}

export function matchesFilter(check: DocumentCheck, f: InboxFilter): boolean {
  if (f.status !== 'all') {
    if (f.status === 'processing' || f.status === 'failed') {
      if (check.status !== f.status) return false;
    } else if (check.decision !== f.status) return false;
  }
  if (f.docType && check.extracted?.doc_type !== f.docType) return false;
  if (f.related && !check.flags.some((flag) => flag.category === 'library')) return false;
  // Dates compare on the local calendar day the check was created.
  const day = check.created_at.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  return matchesQuery(check, f.query);
}

export function filterChecks(checks: readonly DocumentCheck[], f: InboxFilter): DocumentCheck[] {
  if (!isFilterActive(f)) return checks as DocumentCheck[];
  return checks.filter((c) => matchesFilter(c, f));
}
