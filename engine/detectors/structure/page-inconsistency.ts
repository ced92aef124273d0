/**
 * A page inserted from another document carries its producer's habits: how resources are named
 * (/F1 vs /TT0 vs /R12), which fonts it uses, its page size, how its content stream is encoded.
 * When every other page agrees on these and one page does not, that page came from elsewhere.
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import { PdfName, PdfStream } from '../../read/pdf/structure/objects.js';
import { walkPages, type PageNode } from '../../read/pdf/structure/pages.js';
import type { PdfFile } from '../../read/pdf/structure/document.js';
import { separateFontObjectFindings } from './page-font-objects.js';
import { pageIdentityFindings } from './page-identity.js';
import { pageFooterIssuerFindings } from './page-footer-issuer.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { findMoney, inferNumberStyle } from '../../read/extract/numbers.js';

const THRESHOLDS = {
  maxPages: { value: 500, why: 'Page-by-page comparison of longer files costs more than it finds (reports, books).' },
  minPagesWithText: { value: 3, why: 'A page can only stand out against at least two others that agree.' },
  tracesForForeignPage: { value: 3, why: 'Size or fonts alone differ on covers and annexes; three traits together do not.' },
  tracesWithNaming: { value: 2, why: 'Resource naming is the strongest producer habit: with it, one more trait is enough.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

interface PageTraits {
  naming: string;
  fonts: Set<string>;
  size: string;
  encoding: string;
}

function traitsOf(file: PdfFile, p: PageNode): PageTraits {
  const res = p.resources;
  const fontDict = file.dict(res?.get('Font'));
  const names = [...(fontDict?.keys() ?? []), ...(file.dict(res?.get('XObject'))?.keys() ?? [])];
  // The naming scheme with digits folded: F1, F2 -> "F#"; TT0 -> "TT#".
  const naming = [...new Set(names.map((n) => n.replace(/\d+/g, '#').replace(/[a-f0-9]{6,}/gi, 'h')))].sort().join(',');
  const fonts = new Set<string>();
  for (const k of fontDict?.keys() ?? []) {
    const base = file.dict(fontDict!.get(k))?.get('BaseFont');
    if (base instanceof PdfName) fonts.add(base.name.replace(/^[A-Z]{6}\+/, ''));
  }
  const box = p.mediaBox ? p.mediaBox.map((x) => Math.round(x)) : [];
  const w = box.length === 4 ? Math.abs(box[2] - box[0]) : 0;
  const h = box.length === 4 ? Math.abs(box[3] - box[1]) : 0;
  const size = p.rotate % 180 === 0 ? `${w}x${h}` : `${h}x${w}`;
  const contents = file.resolve(p.dict.get('Contents'));
  const first = Array.isArray(contents) ? file.resolve(contents[0]) : contents;
  const filter = first instanceof PdfStream ? file.resolve(first.dict.get('Filter')) : undefined;
  const encoding = `${Array.isArray(contents) ? 'multi' : 'single'}:${filter instanceof PdfName ? filter.name : Array.isArray(filter) ? 'chain' : 'none'}`;
  return { naming, fonts, size, encoding };
}

/** Naming schemes differ when they share no pattern (an extra image name is not another producer). */
function disjoint(a: string, b: string): boolean {
  const x = new Set(a.split(',').filter(Boolean));
  return !b
    .split(',')
    .filter(Boolean)
    .some((n) => x.has(n));
}

function majority<T>(values: T[]): { value: T; count: number } {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: { value: T; count: number } = { value: values[0], count: 0 };
  for (const [value, count] of counts) if (count > best.count) best = { value, count };
  return best;
}

const PAGE_LABEL = /\b(?:page|seite|p\.|pág\.?|pagina)\s*(\d{1,3})\s*(?:of|von|sur|de|\/)\s*(\d{1,3})\b/gi;

/** "Page i of N" labels per page (the last one on the page: footers come last). */
function pageLabels(ctx: DetectorContext): Array<{ page: number; index: number; total: number } | null> {
  return ctx.pages.map((p) => {
    const text = p.text || p.runs.map((r) => r.text).join(' ');
    const all = [...text.matchAll(PAGE_LABEL)];
    const m = all[all.length - 1];
    return m ? { page: p.page, index: Number(m[1]), total: Number(m[2]) } : null;
  });
}

/**
 * Every page says "Page i of N" and all but one agree with the file (i is the page's place, N the
 * page count): the odd page was printed as part of another document.
 */
function numberingFindings(ctx: DetectorContext): Found[] {
  const n = ctx.pages.length;
  if (n < 2) return [];
  const labels = pageLabels(ctx);
  if (labels.some((l) => l === null)) return [];
  const fits = (l: { page: number; index: number; total: number }) => l.index === l.page && l.total === n;
  const odd = labels.filter((l) => !fits(l!));
  if (odd.length !== 1) return [];
  const o = odd[0]!;
  return [
    {
      flag: 'page_inconsistency',
      code: 'page_inconsistency.page_numbering',
      summary: `Page ${o.page} is numbered "${o.index} of ${o.total}" while the other pages are numbered 1 to ${n} of ${n}: it was printed as part of another document.`,
      pages: [o.page],
      evidence: { page: o.page, printed: `${o.index} of ${o.total}`, expected: `${o.page} of ${n}` },
      strength: STRENGTH['page_inconsistency.page_numbering'],
    },
  ];
}

/**
 * Whether a page continues the document's running content: it carries money figures (a
 * statement's balances, an invoice's or payslip's amounts) or prints a page number that places it
 * among the body's pages ("Page 1 of 3" on page 1 of 3). A forger replaces such a page, the first
 * one included (a statement's summary); a cover, title page, licence or repository sheet made in
 * another tool and merged before or after the body carries neither.
 */
function continuesTheBody(ctx: DetectorContext, page: number): boolean {
  const p = ctx.pages[page - 1];
  // No text layer read (a structure-only check): nothing shows the page is front matter.
  if (!p) return true;
  const text = p.text || p.runs.map((r) => r.text).join(' ');
  if (findMoney(text, inferNumberStyle(text)).length > 0) return true;
  // "Page 1 of 3": one of a numbered run of pages ("1 of 1" is a one-page piece of its own).
  return [...text.matchAll(PAGE_LABEL)].some((m) => Number(m[2]) > 1);
}

/** A page inserted from another document: stronger for each trait it differs in, up to a cap. */
const FOREIGN_PAGE = STRENGTH['page_inconsistency.foreign_page'];

const EMITS = [
  { flag: 'page_inconsistency', reasons: ['foreign_page', 'page_numbering', 'separate_font_objects', 'page_identity'] },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const pageInconsistencyDetector = defineDetector({
  meta: {
    id: 'structure/page-inconsistency',
    description:
      'One page differs from all others in resource naming, fonts, size and content encoding, draws the same fonts from its own font objects, disagrees in its printed "Page i of N", repeats the page header with another document\'s values, or is numbered as one of its pages while its running footer names another organisation: a page from another document.',
    appliesTo: ['pdf'],
    needs: ['pages', 'pdf', 'pdfFile', 'textModel'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    return [
      ...numberingFindings(ctx),
      ...producerTraitFindings(ctx),
      ...fontObjectFindings(ctx),
      ...pageIdentityFindings(ctx),
      ...pageFooterIssuerFindings(ctx),
    ];
  },
});

function fontObjectFindings(ctx: DetectorContext): Found[] {
  if (!ctx.pdf || ctx.pdf.pageCount < 2 || ctx.pdf.pageCount > T.maxPages) return [];
  const file = ctx.facts.now('pdfFile');
  return file ? separateFontObjectFindings(file, walkPages(file, file.trailerValue('Root'))) : [];
}

function producerTraitFindings(ctx: DetectorContext): Found[] {
  {
    if (!ctx.pdf || ctx.pdf.pageCount < T.minPagesWithText || ctx.pdf.pageCount > T.maxPages) return [];
    const file = ctx.facts.now('pdfFile');
    if (!file) return [];
    const pages = walkPages(file, file.trailerValue('Root'));
    if (pages.length < T.minPagesWithText) return [];
    const traits = pages.map((p) => traitsOf(file, p));
    // Pages without fonts (scans, blank pages) say nothing about naming habits.
    const withText = traits.map((t, i) => ({ t, page: i + 1 })).filter((x) => x.t.fonts.size > 0);
    if (withText.length < T.minPagesWithText) return [];
    const naming = majority(withText.map((x) => x.t.naming));
    const size = majority(withText.map((x) => x.t.size));
    const encoding = majority(withText.map((x) => x.t.encoding));
    const n = withText.length;
    // Counts instead of pairwise comparisons: linear in pages.
    const namingAgree = withText.filter((x) => !disjoint(x.t.naming, naming.value)).length;
    const fontPages = new Map<string, number>();
    for (const x of withText) for (const f of x.t.fonts) fontPages.set(f, (fontPages.get(f) ?? 0) + 1);
    const findings: Found[] = [];
    for (const { t, page } of withText) {
      const differs: string[] = [];
      // A trait counts only when all the other pages agree on it.
      if (disjoint(t.naming, naming.value) && namingAgree === n - 1) differs.push(`resource names (${t.naming || 'none'} vs ${naming.value})`);
      const others = (f: string) => (fontPages.get(f) ?? 0) - (t.fonts.has(f) ? 1 : 0);
      const sharedByOthers = [...fontPages.keys()].filter((f) => others(f) === n - 1);
      if (sharedByOthers.length && ![...t.fonts].some((f) => others(f) > 0))
        differs.push(`fonts (${[...t.fonts].slice(0, 4).join(', ')} vs ${sharedByOthers.slice(0, 4).join(', ')})`);
      if (t.size !== size.value && size.count === n - 1) differs.push(`page size (${t.size} vs ${size.value})`);
      if (t.encoding !== encoding.value && encoding.count === n - 1) differs.push(`content encoding (${t.encoding} vs ${encoding.value})`);
      // Naming habits are the strongest producer trait; size or fonts alone differ on covers and annexes.
      const namingDiffers = differs[0]?.startsWith('resource names');
      if (differs.length < T.tracesForForeignPage && !(namingDiffers && differs.length >= T.tracesWithNaming)) continue;
      const first = page === withText[0].page;
      const frontOrBack = (first || page === withText[n - 1].page) && !continuesTheBody(ctx, page);
      findings.push({
        flag: 'page_inconsistency',
        code: 'page_inconsistency.foreign_page',
        summary: frontOrBack
          ? `Page ${page} differs from every other page in ${differs.join(', ')}, but it is the document's ${first ? 'first' : 'last'} page with text and carries no figures or page numbers: a cover, front or back matter made in another tool.`
          : `Page ${page} differs from every other page in ${differs.join(', ')}: it looks inserted from another document.`,
        pages: [page],
        evidence: { page, traits: differs, fonts: [...t.fonts], ...(frontOrBack ? { outerPage: true } : {}) },
        strength: frontOrBack ? FOREIGN_PAGE.outerPage : Math.min(FOREIGN_PAGE.max, FOREIGN_PAGE.base + FOREIGN_PAGE.perTrait * differs.length),
      });
    }
    // One odd page out of many is a signal; half the pages differing is just a mixed document.
    return findings.length <= Math.max(1, Math.floor(withText.length / 4)) ? findings : [];
  }
}
