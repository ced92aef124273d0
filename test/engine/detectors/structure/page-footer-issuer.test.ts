/**
 * A running footer "<issuer> - <address>   Page i of N": pages numbered as one document whose
 * footers name two organisations hold a page printed by another issuer.
 */
import { expect } from 'vitest';
import { pageInconsistencyDetector } from '../../../../engine/detectors/structure/page-inconsistency.js';
import { testDetector } from '../../detector-tester.js';
import { buildRawPdf, type RawPage } from '../../read/pdf/structure/fixtures.js';

const SUMMIT = 'Summit Office Supply Co - 88 Industrial Pkwy, Columbus, OH 43215';
const LUMEN = 'Atelier Lumen SARL - 22 rue Paradis, 13001 Marseille';

function page(footer: string, label: string, item: string): RawPage {
  return {
    lines: [
      { x: 72, y: 700, text: item },
      { x: 72, y: 40, text: `${footer}      ${label}` },
    ],
  };
}

testDetector(pageInconsistencyDetector, {
  valid: [
    {
      name: 'two pages of one invoice, one issuer in the running footer',
      input: buildRawPdf({ pages: [page(SUMMIT, 'Page 1 of 2', 'Toner cartridge 2 136.62 273.24'), page(SUMMIT, 'Page 2 of 2', 'Stapler 1 317.47 317.47')] }),
    },
    {
      name: 'a bundle of two one-page documents from two issuers (each numbered 1 of 1)',
      input: buildRawPdf({ pages: [page(SUMMIT, 'Page 1 of 1', 'Toner cartridge 2 136.62 273.24'), page(LUMEN, 'Page 1 of 1', 'Stapler 1 317,47 317,47')] }),
    },
    {
      name: 'a running line that changes by design but names no company (chapter titles)',
      input: buildRawPdf({ pages: [page('Chapter One: Getting Started', 'Page 1 of 2', 'Text'), page('Chapter Two: Advanced Use', 'Page 2 of 2', 'Text')] }),
    },
    {
      name: 'three pages, two issuers, no majority (a mixed file, not one odd page)',
      input: buildRawPdf({
        pages: [
          page(SUMMIT, 'Page 1 of 3', 'Toner 1 1.00 1.00'),
          page(LUMEN, 'Page 2 of 3', 'Stapler 1 1,00 1,00'),
          page('Harbour Supplies Ltd - 1 Quay Street, Hull HU1 1AA', 'Page 3 of 3', 'Paper 1 2.00 2.00'),
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'page 2 of 2 from another issuer: its footer names another company',
      input: buildRawPdf({ pages: [page(SUMMIT, 'Page 1 of 2', 'Toner cartridge 2 136.62 273.24'), page(LUMEN, 'Page 2 of 2', 'Stapler 1 317,47 317,47')] }),
      reasons: ['page_inconsistency.page_identity'],
      check: (f) => {
        expect(f[0].pages).toEqual([2]);
        expect(f[0].evidence).toMatchObject({ printed: 'Atelier Lumen SARL', expected: 'Summit Office Supply Co', otherPages: [1] });
      },
    },
    {
      name: 'page 3 of 4 from another issuer, the other three agree',
      input: buildRawPdf({
        pages: [
          page(SUMMIT, 'Page 1 of 4', 'Toner 1 1.00 1.00'),
          page(SUMMIT, 'Page 2 of 4', 'Toner 1 1.00 1.00'),
          page(LUMEN, 'Page 3 of 4', 'Stapler 1 1,00 1,00'),
          page(SUMMIT, 'Page 4 of 4', 'Toner 1 1.00 1.00'),
        ],
      }),
      reasons: ['page_inconsistency.page_identity'],
      check: (f) => expect(f[0].pages).toEqual([3]),
    },
  ],
});
