/**
 * The line that prints "Page i of N" is a running footer or header: a producer prints it on every
 * page of one document with the same text beside the number, and on issued documents that text
 * names the issuer ("Summit Office Supply Co - 88 Industrial Pkwy ... Page 1 of 2"). When the
 * pages number themselves as one document (page i says "i of N", N the file's page count) and
 * one page's running line names another organisation than the others', that page was printed by
 * another issuer and put in.
 *
 * Only organisation names with a legal-entity suffix count (`entityName`): a running line that
 * changes by design (a chapter title, a date, a section) names no company. A bundle of separate
 * documents numbers each one from 1 and never reaches here.
 */
import type { DetectorContext } from '../../facts/context.js';
import type { FindingFor } from '../define.js';
import type { Line } from '../../read/extract/layout.js';
import { entityName } from '../../read/extract/names.js';
import { STRENGTH } from '../strengths.js';

type Found = FindingFor<'page_inconsistency', 'page_identity'>;

const PAGE_LABEL = /\b(?:page|seite|p\.|pág\.?|pagina)\s*(\d{1,3})\s*(?:of|von|sur|de|\/)\s*(\d{1,3})\b/i;
const MAX_PAGES = 200;

interface Running {
  page: number;
  org: string;
  key: string;
  line: Line;
}

/** The page's last line carrying "Page i of N" (footers come last), with the organisation beside it. */
function runningLine(lines: readonly Line[], page: number, n: number): Running | null {
  const withLabel = lines.filter((l) => l.page === page && PAGE_LABEL.test(l.text));
  const line = withLabel[withLabel.length - 1];
  if (!line) return null;
  const m = PAGE_LABEL.exec(line.text)!;
  if (Number(m[1]) !== page || Number(m[2]) !== n) return null;
  const org = entityName(line.text.replace(PAGE_LABEL, ' ').replace(/\s+/g, ' ').trim());
  return org
    ? {
        page,
        org,
        key: org
          .toLowerCase()
          .replace(/[^\p{L}\d]+/gu, ' ')
          .trim(),
        line,
      }
    : null;
}

export function pageFooterIssuerFindings(ctx: DetectorContext): Found[] {
  const n = ctx.pages.length;
  if (n < 2 || n > MAX_PAGES) return [];
  // Runs only: OCR'd lines carry misread letters.
  const lines = ctx.facts.now('textModel').lines.filter((l) => !l.ocr);
  const running: Running[] = [];
  for (let page = 1; page <= n; page++) {
    const r = runningLine(lines, page, n);
    if (!r) return [];
    running.push(r);
  }
  const counts = new Map<string, number>();
  for (const r of running) counts.set(r.key, (counts.get(r.key) ?? 0) + 1);
  if (counts.size !== 2) return [];
  const ranked = [...counts].sort((a, b) => b[1] - a[1]);
  // Two pages that disagree: the later one was put in (a first page is what a reader checks).
  const oddKey = n === 2 ? running[1].key : ranked[1][1] === 1 && ranked[0][1] >= 2 ? ranked[1][0] : null;
  if (oddKey === null) return [];
  const odd = running.find((r) => r.key === oddKey)!;
  const same = running.filter((r) => r.key !== oddKey);
  return [
    {
      flag: 'page_inconsistency',
      code: 'page_inconsistency.page_identity',
      summary: `Page ${odd.page} is numbered "${odd.page} of ${n}" as part of this document, but its running line names "${odd.org}" where the other ${same.length === 1 ? 'page names' : `${same.length} pages name`} "${same[0].org}": the page was printed by another issuer.`,
      pages: [odd.page],
      evidence: {
        page: odd.page,
        ...(odd.line.bbox ? { bbox: odd.line.bbox } : {}),
        label: 'running footer',
        printed: odd.org,
        expected: same[0].org,
        otherPages: same.map((r) => r.page),
        regions: [odd.line, same[0].line]
          .filter((l) => l.bbox)
          .map((l) => ({ page: l.page, bbox: l.bbox!, label: l === odd.line ? 'odd running line' : 'running line' })),
      },
      strength: STRENGTH['page_inconsistency.page_identity'],
    },
  ];
}
