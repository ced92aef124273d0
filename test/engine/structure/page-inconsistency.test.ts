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
