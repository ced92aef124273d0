/**
 * The genuine business documents of `../shared/corpus-real` that state relations between
 * figures (invoices, receipts, statements, payslips, bills), chosen from MANIFEST.tsv by the
 * `doc=` note and by name, as docs/lab.md's scanned-table section did; PDFs only (the edit is
 * made in a content stream).
 */
import { join } from 'node:path';
import { noteFields, readTsv } from '../real-manifest.js';
import { splitOf, type Split } from '../util/split.js';

export interface RealSource {
  path: string;
  /** Corpus-relative path. */
  name: string;
  repo: string;
  doc: string;
  split: Split;
}

const DOC_NOTES: Readonly<Record<string, string>> = { invoice: 'invoice', receipt: 'receipt', bank: 'statement', payslip: 'payslip' };

/** Doc type from the file's name when its note says form, tax, report or nothing. */
const BY_NAME: ReadonlyArray<[RegExp, string]> = [
  [/pay[\s_-]?stubs?|payslip|salary/i, 'payslip'],
  [/statement/i, 'statement'],
  [/receipt|kassenbon|quittung/i, 'receipt'],
  [/\bbill\b|utility/i, 'bill'],
  [/invoice|rechnung|facture/i, 'invoice'],
];

export function docTypeOf(docNote: string, sourcePath: string): string | null {
  if (DOC_NOTES[docNote]) {
    // A bank note on a file named as a bill, or an invoice named a receipt, keeps its name's type.
    const named = BY_NAME.find(([re]) => re.test(sourcePath))?.[1];
    return docNote === 'invoice' && named === 'bill' ? 'bill' : DOC_NOTES[docNote];
  }
  return BY_NAME.find(([re]) => re.test(sourcePath))?.[1] ?? null;
}

export function realEditSources(dir: string): RealSource[] {
  const out: RealSource[] = [];
  for (const r of readTsv(join(dir, 'MANIFEST.tsv'))) {
    if (r.expected !== 'genuine' || r.kind !== 'pdf') continue;
    const doc = docTypeOf(noteFields(r.notes).doc ?? '', r.source_path);
    if (!doc) continue;
    out.push({ path: join(dir, r.relpath), name: r.relpath, repo: r.source_repo, doc, split: splitOf(r.source_repo) });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}
