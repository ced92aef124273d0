/**
 * A producer that writes a document in one run embeds each font once and points every page's
 * resources at that one font object. A page copied in from another file (`qpdf --pages`, pdf-lib
 * copyPages, an editor's "replace page") brings its own copies: the same fonts again, as other
 * objects. So when the other pages share their font objects and one page draws the *same* fonts
 * from objects no other page uses, that page was written by another run -- even by the same tool
 * for the same issuer, where names, sizes and encodings all agree.
 * Measured: 0 of 2,704 multi-page PDFs of the real tune split and 0 of the lab's genuine
 * multi-page files (every producer) show it, so one observation is strong (0.6). With two pages
 * there is no run to stand apart from: writers that embed fonts page by page (UniDoc, Quartz,
 * pdftk joining one-page files) look the same as a page copied in, so it is a supporting reason.
 */
import type { FindingFor } from '../define.js';
import { PdfName, PdfRef } from '../../read/pdf/structure/objects.js';
import type { PageNode } from '../../read/pdf/structure/pages.js';
import type { PdfFile } from '../../read/pdf/structure/document.js';
import { STRENGTH } from '../strengths.js';

interface PageFonts {
  page: number;
  /** Object number -> font name without its subset tag. */
  objects: Map<number, string>;
}

function pageFonts(file: PdfFile, p: PageNode, page: number): PageFonts | null {
  const fontDict = file.dict(p.resources?.get('Font'));
  if (!fontDict) return null;
  const objects = new Map<number, string>();
  for (const key of fontDict.keys()) {
    const ref = fontDict.get(key);
    // Direct font dictionaries have no identity to compare; such a page says nothing.
    if (!(ref instanceof PdfRef)) return null;
    const base = file.dict(ref)?.get('BaseFont');
    const name = base instanceof PdfName ? base.name.replace(/^[A-Z]{6}\+/, '') : `#${ref.num}`;
    objects.set(ref.num, name);
  }
  return objects.size ? { page, objects } : null;
}

const shares = (a: PageFonts, b: PageFonts) => [...a.objects.keys()].some((n) => b.objects.has(n));

/**
 * Pages whose fonts are the same fonts as the rest of the document but other objects. Returns at
 * most one page: with several, the document is a genuine merge of separately written parts.
 */
export function separateFontObjectFindings(file: PdfFile, pages: PageNode[]): Array<FindingFor<'page_inconsistency', 'separate_font_objects'>> {
  const all = pages.map((p, i) => pageFonts(file, p, i + 1));
  // Every page must tell (a page without fonts, a scan or a blank, could be from anywhere).
  if (all.length < 2 || all.some((x) => x === null)) return [];
  const fonts = all as PageFonts[];
  const loners = fonts.filter((f) => !fonts.some((g) => g !== f && shares(f, g)));
  // Two pages that share nothing: the later one is the candidate (swaps keep the first page,
  // which carries the header). With more pages, exactly one page must stand apart from a run
  // of pages that all share objects among themselves.
  const odd = fonts.length === 2 ? (loners.length === 2 ? fonts[1] : null) : loners.length === 1 ? loners[0] : null;
  if (!odd) return [];
  const rest = fonts.filter((f) => f !== odd);
  const restObjects = new Map<number, string>();
  for (const f of rest) for (const [num, name] of f.objects) restObjects.set(num, name);
  const restNames = new Set(restObjects.values());
  const again = [...odd.objects].filter(([, name]) => restNames.has(name));
  // The same font written again: at least half the odd page's fonts are fonts the others use.
  if (again.length === 0 || again.length * 2 < odd.objects.size) return [];
  const twin = (name: string) => [...restObjects].filter(([, n]) => n === name).map(([num]) => num);
  const pairs = again.slice(0, 6).map(([num, name]) => ({ font: name, object: num, othersUse: twin(name) }));
  const otherPages = rest.map((f) => f.page);
  const twoPages = fonts.length === 2;
  return [
    {
      flag: 'page_inconsistency',
      code: 'page_inconsistency.separate_font_objects',
      summary:
        `Page ${odd.page} draws ${pairs
          .map((x) => x.font)
          .slice(0, 3)
          .join(', ')} from its own font objects ` +
        `(${pairs
          .map((x) => x.object)
          .slice(0, 3)
          .join(', ')}) while page${otherPages.length > 1 ? 's' : ''} ${otherPages.slice(0, 6).join(', ')} ` +
        `${otherPages.length > 1 ? 'use' : 'uses'} ${pairs
          .map((x) => x.othersUse.join('/'))
          .slice(0, 3)
          .join(', ')}: ${
          twoPages
            ? 'written by another run and copied in, or by a writer that embeds its fonts page by page; with two pages the file does not tell which.'
            : 'the page was written by another run and copied in.'
        }`,
      pages: [odd.page],
      evidence: { page: odd.page, fontObjects: pairs, otherPages: otherPages.slice(0, 20) },
      strength: STRENGTH['page_inconsistency.separate_font_objects'][twoPages ? 'twoPages' : 'apartFromRun'],
    },
  ];
}
