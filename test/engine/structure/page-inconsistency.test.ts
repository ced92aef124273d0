import { pageInconsistencyDetector } from '../../../engine/structure/page-inconsistency.js';
import { testDetector } from '../detector-tester.js';
import { structureContext } from '../pdf-structure/context.js';
import { buildRawPdf, type RawPage } from '../pdf-structure/fixtures.js';

const page = (n: number): RawPage => ({ lines: [{ x: 72, y: 700, text: `Statement page ${n}` }, { x: 72, y: 680, text: '01/02/2024 Card payment 12.40' }] });
const foreign: RawPage = { lines: [{ x: 60, y: 760, text: 'Transactions continued', font: 'TT0' }], noDefaultFont: true, fonts: { TT0: 'ArialMT' }, mediaBox: [0, 0, 595, 842] };

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'four pages from one producer', input: structureContext(buildRawPdf({ pages: [page(1), page(2), page(3), page(4)] })) },
    { name: 'two pages only (no majority)', input: structureContext(buildRawPdf({ pages: [page(1), foreign] })) },
  ],
  invalid: [{ name: 'a page with other fonts, naming and size', input: structureContext(buildRawPdf({ pages: [page(1), page(2), foreign, page(4)] })), reasons: ['page_inconsistency.foreign_page'] }],
});

const numbered = (labels: string[]): RawPage[] => labels.map((l, i) => ({ lines: [{ x: 72, y: 700, text: `Statement line ${i + 1}` }, { x: 480, y: 40, text: l }] }));

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'pages numbered 1 to 3 of 3', input: buildRawPdf({ pages: numbered(['Page 1 of 3', 'Page 2 of 3', 'Page 3 of 3']) }) },
    { name: 'a statement with a two-page appendix numbered on its own (two pages disagree: no single odd page)', input: buildRawPdf({ pages: numbered(['Page 1 of 2', 'Page 2 of 2', 'Page 1 of 2', 'Page 2 of 2']) }) },
  ],
  invalid: [
    { name: 'page 2 printed as "Page 2 of 4" in a file of 3 pages (a page swapped in from a longer statement)', input: buildRawPdf({ pages: numbered(['Page 1 of 3', 'Page 2 of 4', 'Page 3 of 3']) }), reasons: ['page_inconsistency.page_numbering'] },
  ],
});
