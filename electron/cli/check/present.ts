/**
 * What `veracity check` prints: a table whose flags carry their top reasons in words (a code
 * alone tells a reviewer nothing), or with --json one line per document: the document_check
 * object, or for an argument that could not be checked the API's error envelope.
 */
import type { DocumentCheck as DocumentCheckJson } from '../../../contract/check.js';
import type { ErrorType } from '../../service/http/errors.js';
import { formatTable } from '../table.js';

/** Reasons shown under each flag; the rest are counted. */
export const TOP_REASONS = 2;
/** Reason summaries are cut here so that a row stays readable in a terminal. */
const SUMMARY_CHARS = 110;

export interface CheckedFile {
  path: string;
  /** null when the analysis could not even be attempted (the error is in `failure`). */
  check: DocumentCheckJson | null;
  failure?: string;
}

export const HEADERS = ['FILE', 'DECISION', 'SCORE', 'RISK', 'FLAGS / ERROR'];

function clip(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > SUMMARY_CHARS ? `${one.slice(0, SUMMARY_CHARS - 1)}…` : one;
}

/** The table row of one file: its verdict and flag codes, or why it has none. */
export function fileRow({ path, check, failure }: CheckedFile): string[] {
  if (!check) return [path, 'ERROR', '-', '-', failure ?? 'could not be checked'];
  if (check.status === 'failed') return [path, 'FAILED', '-', '-', `${check.error?.code ?? 'error'}: ${check.error?.message ?? 'analysis failed'}`];
  return [path, check.decision ?? '-', String(check.risk_score ?? '-'), check.risk_level ?? '-', check.flags.map((f) => f.code).join(', ') || '-'];
}

/** Under a file's row: each flag in words with its top reasons (indented, outside the columns, so paths do not push them off screen). */
export function reasonLines(check: DocumentCheckJson | null): string[] {
  if (!check || check.status !== 'completed') return [];
  const lines: string[] = [];
  for (const flag of check.flags) {
    lines.push(`  ${flag.title} (${flag.severity})`);
    for (const r of flag.reasons.slice(0, TOP_REASONS)) lines.push(`    - ${clip(r.summary)}`);
    const more = flag.reasons.length - TOP_REASONS;
    if (more > 0) lines.push(`    - and ${more} more (--json lists every reason)`);
  }
  return lines;
}

export function formatResults(files: readonly CheckedFile[]): string {
  const [header, ...rows] = formatTable(HEADERS, files.map(fileRow)).split('\n');
  return [header, ...rows.flatMap((row, i) => [row, ...reasonLines(files[i].check)])].join('\n');
}

export interface ErrorEnvelope {
  error: { type: ErrorType; code: string; message: string };
}

/** The API's error envelope for an argument that could not be checked (--json output). */
export function errorEnvelope(type: ErrorType, code: string, message: string): ErrorEnvelope {
  return { error: { type, code, message } };
}
