/**
 * Page headers that say which document a page belongs to. Statements, bills and long invoices
 * repeat who and what they are about at the top of every page: the statement period, the
 * account or customer number, the invoice number, the statement date. A producer prints one
 * document's values on all of its pages, in the same place under the same label. A page taken
 * from another document of the same issuer (same template, same producer, so its fonts and
 * resources look like the rest) repeats the header too, with the other document's values.
 *
 * Only labels printed at the same place on several pages count (a running header, not a table
 * cell that happens to share a label), only values with digits (dates, periods, numbers), never
 * money (balances carried from page to page change by design) nor page numbers. A value that
 * changes on every page (a sheet or continuation number) is a counter, not an identity: the
 * finding needs the other pages to agree, and one page to differ.
 */
import type { DetectorContext } from '../../facts/context.js';
import type { FindingFor } from '../define.js';
import type { Cell, Line } from '../../read/extract/layout.js';
import { findMoney } from '../../read/extract/numbers.js';
import { STRENGTH } from '../strengths.js';

type Found = FindingFor<'page_inconsistency', 'page_identity'>;

/** A label: words (letters, a few marks), at most 40 characters, optionally ending in ":" or "#". */
const LABEL = /^(?<label>\p{L}[\p{L} .'/-]{1,38}?)\s*(?:[:#]|no\.|nr\.)\s*(?<value>.*)$/iu;
/** Labels of what changes from page to page by design. */
const VARYING =
  /\b(?:page|seite|pagina|página|sheet|blatt|feuille|folio|continued|balance|saldo|solde|subtotal|total|carried|brought|printed|generated|time|uhrzeit)\b/iu;
/** Same place: vertical position (page fraction) and left edge within these. */
const SAME_Y = 0.015;
const SAME_X = 0.03;
const MAX_PAGES = 200;

interface Entry {
  page: number;
  label: string;
  value: string;
  line: Line;
  x: number;
}

function norm(s: string): string {
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The value of a labelled cell: the rest of the cell, else the next cell on the line. */
function entriesOf(line: Line): Entry[] {
  const out: Entry[] = [];
  line.cells.forEach((cell: Cell, i) => {
    const m = LABEL.exec(cell.text.trim());
    if (!m?.groups) return;
    const label = norm(m.groups.label);
    if (VARYING.test(label)) return;
    const value = (m.groups.value || line.cells[i + 1]?.text || '').trim();
    // Identities carry digits (numbers, dates, periods); money changes from page to page.
    if ((value.match(/\d/g) ?? []).length < 4 || value.length > 60 || findMoney(value).length > 0) return;
    out.push({ page: line.page, label, value: norm(value), line, x: cell.x0 });
  });
  return out;
}

function samePlace(a: Entry, b: Entry): boolean {
  return Math.abs(a.line.top - b.line.top) <= SAME_Y && Math.abs(a.x - b.x) <= SAME_X;
}

export function pageIdentityFindings(ctx: DetectorContext): Found[] {
  const pages = ctx.pages.filter((p) => p.source !== 'ocr' && p.runs.length > 0);
  if (pages.length < 2 || ctx.pages.length > MAX_PAGES) return [];
  const model = ctx.facts.now('textModel');
  // Runs only: OCR'd lines carry misread digits and text-only lines have no place on the page.
  const lines = model.lines.filter((l) => !l.ocr && l.bbox);
  const byLabel = new Map<string, Entry[]>();
  for (const line of lines) for (const e of entriesOf(line)) byLabel.set(e.label, [...(byLabel.get(e.label) ?? []), e]);
  const findings: Found[] = [];
  for (const [label, entries] of byLabel) {
    // One entry per page: a label printed twice on a page is not a running header.
    const perPage = new Map<number, Entry[]>();
    for (const e of entries) perPage.set(e.page, [...(perPage.get(e.page) ?? []), e]);
    if ([...perPage.values()].some((es) => es.length > 1)) continue;
    const header = entries.filter((e) => entries.some((o) => o !== e && samePlace(e, o)));
    if (header.length < 2 || header.length < pages.length - 1) continue;
    const counts = new Map<string, number>();
    for (const e of header) counts.set(e.value, (counts.get(e.value) ?? 0) + 1);
    if (counts.size !== 2) continue;
    const ranked = [...counts].sort((a, b) => b[1] - a[1]);
    // Two pages that disagree: the later one was put in (a first page is what a reader checks).
    const odd = header.length === 2 ? header[1].value : ranked[1][1] === 1 && ranked[0][1] >= 2 ? ranked[1][0] : null;
    if (odd === null) continue;
    const common = ranked.find(([v]) => v !== odd)![0];
    const n = header.length - 1;
    const page = header.find((e) => e.value === odd)!;
    const same = header.find((e) => e.value === common)!;
    findings.push({
      flag: 'page_inconsistency',
      code: 'page_inconsistency.page_identity',
      summary: `Page ${page.page} repeats the header "${label}" with "${page.value}" where the document's other ${n} pages print "${common}": the page belongs to another document.`,
      pages: [page.page],
      evidence: {
        page: page.page,
        ...(page.line.bbox ? { bbox: page.line.bbox } : {}),
        label,
        printed: page.value,
        expected: common,
        otherPages: header.filter((e) => e.value === common).map((e) => e.page),
        regions: [page.line, same.line].filter((l) => l.bbox).map((l) => ({ page: l.page, bbox: l.bbox!, label: l === page.line ? 'odd header' : 'header' })),
      },
      strength: STRENGTH['page_inconsistency.page_identity'],
    });
  }
  // Several labels disagreeing on one page is one foreign page; on several pages, a mixed file.
  const oddPages = new Set(findings.map((f) => f.pages[0]));
  return oddPages.size === 1 ? findings.slice(0, 1) : [];
}
