/**
 * Test documents as laid-out text (the shape `pdftotext -layout` gives) and the same text as a
 * PageLayer with one run per word, positioned on a character grid, so the run-based line and
 * cell logic is exercised with real boxes.
 */
import type { DetectorContext } from '../../../../engine/facts/context.js';
import { contextFromPages } from '../../context-for-test.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import type { MetadataFacts } from '../../../../engine/read/metadata/facts.js';
import type { DocType, Extracted } from '../../../../engine/types.js';

const COLS = 110;
const ROWS = 80;

export function layoutPage(text: string, page = 1): PageLayer {
  const runs: TextRun[] = [];
  text.split('\n').forEach((line, row) => {
    for (const m of line.matchAll(/\S+/g)) {
      const x0 = (m.index ?? 0) / COLS;
      const y0 = row / ROWS;
      runs.push({
        page,
        text: m[0],
        fontId: 'f1',
        fontName: 'Helvetica',
        size: 9,
        bbox: [x0, y0, x0 + m[0].length / COLS, y0 + 0.8 / ROWS],
        baseline: 842 - (row + 0.8) * (842 / ROWS),
      });
    }
  });
  // 110 columns over 612pt: a 9pt space is ~0.9 columns, so one-space gaps stay inside a cell.
  return { page, width: 612, height: 842, runs, text, imageCoverage: 0 };
}

/** A plain text page with no runs (the fallback path, as for pdftotext output). */
export function textPage(text: string, page = 1): PageLayer {
  return { page, width: 612, height: 842, runs: [], text, imageCoverage: 0 };
}

export function contextOf(pagesText: string | string[], opts: { now?: string; runs?: boolean; metadata?: MetadataFacts } = {}): DetectorContext {
  const texts = Array.isArray(pagesText) ? pagesText : [pagesText];
  const pages = texts.map((t, i) => (opts.runs === false ? textPage(t, i + 1) : layoutPage(t, i + 1)));
  const text = texts.join('\f');
  return contextFromPages(pages, { now: opts.now ?? '2025-06-01T00:00:00Z', text, metadata: opts.metadata });
}

/** Places cells at fixed columns: [[col, text], ...] -> one line. */
export function row(...cells: Array<[number, string]>): string {
  let s = '';
  for (const [col, text] of cells) {
    s = s.padEnd(col, ' ');
    if (s.length > col) s += '  ';
    s += text;
  }
  return s;
}

/** Right-aligns `text` so that it ends at column `end`. */
export function right(end: number, text: string): [number, string] {
  return [Math.max(0, end - text.length), text];
}

/** Extracted fields that name only the document type and currency, for detectors that read the text themselves. */
export function extractedAs(doc_type: DocType, currency: string): Extracted {
  return { doc_type, issuer: null, name: null, address: null, document_date: null, account_number: null, currency };
}
