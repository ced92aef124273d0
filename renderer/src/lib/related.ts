/** Words for the library's relations (GET /api/v1/document-checks/{id}/related/). */
import type { RelatedDocument } from '../api/contract.js';

/** One line saying what matched, from the relation's details. */
export function matchSummary(r: RelatedDocument): string {
  const d = r.details as Record<string, unknown>;
  const parts: string[] = [];
  if (typeof d.matched_row_count === 'number') parts.push(`${d.matched_row_count} transactions in common`);
  if (Array.isArray(d.references) && d.references.length) parts.push(`references ${d.references.join(', ')}`);
  const picture = d.picture as { page?: number; other_page?: number; distance?: number } | undefined;
  if (picture && typeof picture.distance === 'number') parts.push(`page ${picture.page} picture matches (distance ${picture.distance}/64)`);
  if (typeof d.similarity === 'number' && d.similarity > 0) parts.push(`${Math.round(d.similarity * 100)} % of the text`);
  if (Array.isArray(d.differs_in) && d.differs_in.length) parts.push(`different ${d.differs_in.join(' and ')}`);
  if (typeof d.sha256 === 'string') parts.push('the same file');
  if (typeof d.expected_producer === 'string' || d.expected_producer === null)
    parts.push(`issuer's documents made by ${String(d.expected_producer ?? 'no producer')}, this one by ${String(d.producer ?? 'no producer')}`);
  return parts.join(' · ') || `${Math.round(r.similarity * 100)} % similar`;
}
