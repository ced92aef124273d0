/**
 * What `veracity check` prints: a table whose flags carry their top reasons in words (a code
 * alone tells a reviewer nothing), or with --json one line per document: the document_check
 * object, or for an argument that could not be checked the API's error envelope.
 */
import type { DocumentCheck as DocumentCheckJson } from '../../../contract/check.js';
import type { ErrorType } from '../../service/http/errors.js';
import { formatTable } from '../table.js';
import { terminalWidth, wrap } from '../wrap.js';

/** Reasons shown under each flag; the rest are counted. */
export const TOP_REASONS = 2;

export interface CheckedFile {
  path: string;
  /** null when the analysis could not even be attempted (the error is in `failure`). */
  check: DocumentCheckJson | null;
  failure?: string;
}

export const HEADERS = ['FILE', 'DECISION', 'SCORE', 'RISK', 'FLAGS / ERROR'];

type Reason = DocumentCheckJson['flags'][number]['reasons'][number];
type Box = readonly [number, number, number, number];

/** A box as whole percentages of the page, left to right and top to bottom. */
function region(page: number, [x0, y0, x1, y1]: Box): string {
  const pc = (v: number) => Math.round(v * 100);
  return `page ${page}, region x ${pc(x0)}-${pc(x1)} %, y ${pc(y0)}-${pc(y1)} %`;
}

/** Where a reason points: its regions, else its box on its page, else its pages (empty for the whole file). */
export function reasonPlace(r: Reason): string {
  const e = r.evidence;
  if (e.regions?.length) return e.regions.map((g) => region(g.page, g.bbox)).join('; ');
  const page = e.page ?? r.pages[0];
  if (e.bbox && page !== undefined) return region(page, e.bbox);
  if (r.pages.length === 0) return '';
  return r.pages.length === 1 ? `page ${r.pages[0]}` : `pages ${r.pages.join(', ')}`;
}

/** One reason in full, wrapped to the terminal, with where it is in the document. */
function reasonText(r: Reason, width: number): string[] {
  const place = reasonPlace(r);
  return wrap(place ? `${r.summary} [${place}]` : r.summary, width, '    - ', '      ');
}

/** The table row of one file: its verdict and flag codes, or why it has none. */
export function fileRow({ path, check, failure }: CheckedFile): string[] {
  if (!check) return [path, 'ERROR', '-', '-', failure ?? 'could not be checked'];
  if (check.status === 'failed') {
    const hint = check.error?.code?.startsWith('password_') ? ' Give it with --password-file FILE, or run on a terminal to be asked.' : '';
    return [path, 'FAILED', '-', '-', `${check.error?.code ?? 'error'}: ${check.error?.message ?? 'analysis failed'}${hint}`];
  }
  return [path, check.decision ?? '-', String(check.risk_score ?? '-'), check.risk_level ?? '-', check.flags.map((f) => f.code).join(', ') || '-'];
}

/** Under a file's row: each flag in words with its top reasons (indented, outside the columns, so paths do not push them off screen). */
export function reasonLines(check: DocumentCheckJson | null, width = terminalWidth()): string[] {
  if (!check || check.status !== 'completed') return [];
  const lines: string[] = [];
  for (const flag of check.flags) {
    lines.push(`  ${flag.title} (${flag.severity})`);
    for (const r of flag.reasons.slice(0, TOP_REASONS)) lines.push(...reasonText(r, width));
    const more = flag.reasons.length - TOP_REASONS;
    if (more > 0) lines.push(`    - and ${more} more (--json lists every reason)`);
  }
  return lines;
}

/** The table with each file's reasons under its row, wrapped to `width` columns (the terminal's by default). */
export function formatResults(files: readonly CheckedFile[], width = terminalWidth()): string {
  const [header, ...rows] = formatTable(HEADERS, files.map(fileRow)).split('\n');
  return [header, ...rows.flatMap((row, i) => [row, ...reasonLines(files[i].check, width)])].join('\n');
}

export interface ErrorEnvelope {
  error: { type: ErrorType; code: string; message: string };
}

/** The API's error envelope for an argument that could not be checked (--json output). */
export function errorEnvelope(type: ErrorType, code: string, message: string): ErrorEnvelope {
  return { error: { type, code, message } };
}
