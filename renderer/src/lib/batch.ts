/**
 * What the batch bar says: how far a batch of dropped or picked files has got and, once done,
 * what became of each file. "Checked" counts only the files that reached the service (they have
 * a check, whatever its verdict); a refused upload is counted once, as not uploaded; a file of a
 * type the service cannot check is named as skipped, never dropped without a word.
 */
import type { DocumentCheck } from '../api/contract.js';

export interface BatchState {
  total: number;
  checkIds: readonly string[];
  failedUploads: number;
  skipped: readonly string[];
}

export interface BatchLine {
  done: boolean;
  settled: number;
  total: number;
  /** The headline: progress while running, the outcome when done. */
  headline: string;
  /** "2 could not be uploaded", or null. */
  failed: string | null;
  /** "Skipped 1 file that is not a PDF, PNG or JPEG: notes.txt", or null. */
  skipped: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** At most this many skipped names in the bar; the rest are counted (the bar's title lists all). */
const NAMES_SHOWN = 5;

export function skippedText(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  const what = names.length === 1 ? 'file that is not a PDF, PNG or JPEG' : 'files that are not PDF, PNG or JPEG';
  return `Skipped ${names.length} ${what}: ${shown}${more}`;
}

export function batchLine(batch: BatchState, byId: Readonly<Record<string, DocumentCheck>>): BatchLine {
  const analysed = batch.checkIds.filter((id) => byId[id] && byId[id].status !== 'processing').length;
  const settled = batch.failedUploads + analysed;
  const done = settled >= batch.total;
  const checked = batch.checkIds.length;
  const headline = done
    ? batch.total === 0
      ? 'Nothing to check'
      : `Batch done: ${checked === 0 ? 'no document' : plural(checked, 'document')} checked`
    : `Checking ${settled} of ${plural(batch.total, 'document')}…`;
  return {
    done,
    settled,
    total: batch.total,
    headline,
    failed: batch.failedUploads > 0 ? `${batch.failedUploads} could not be uploaded` : null,
    skipped: skippedText(batch.skipped),
  };
}
