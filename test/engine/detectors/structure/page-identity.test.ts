/**
 * Page headers that repeat which document a page belongs to (statement period, account number):
 * a page from another statement of the same issuer repeats the header with its own values.
 */
import { pageInconsistencyDetector } from '../../../../engine/detectors/structure/page-inconsistency.js';
import { testDetector } from '../../detector-tester.js';
import { buildRawPdf, type RawPage } from '../../read/pdf/structure/fixtures.js';

const MARCH = '01/03/2024 - 31/03/2024';

function headed(period: string, n: number, reference = 'SA-778812'): RawPage {
  return {
    lines: [
      { x: 72, y: 790, text: `Statement period: ${period}` },
      { x: 72, y: 775, text: `Customer reference: ${reference}` },
      { x: 72, y: 700, text: `0${n}/03/2024 Card payment ${n}2.40` },
    ],
  };
}

testDetector(pageInconsistencyDetector, {
  valid: [
    { name: 'three pages repeating one period and reference', input: buildRawPdf({ pages: [headed(MARCH, 1), headed(MARCH, 2), headed(MARCH, 3)] }) },
    {
      name: 'a reference that changes on every page (a sheet counter, not an identity)',
      input: buildRawPdf({ pages: [headed(MARCH, 1, 'SH-100201'), headed(MARCH, 2, 'SH-100202'), headed(MARCH, 3, 'SH-100203')] }),
    },
    {
      name: 'another period printed in the body of one page, not in its header',
      input: buildRawPdf({
        pages: [
          headed(MARCH, 1),
          headed(MARCH, 2),
          { lines: [...headed(MARCH, 3).lines, { x: 72, y: 400, text: 'Interest period: 01/01/2024 - 31/03/2024' }] },
        ],
      }),
    },
  ],
  invalid: [
    {
      name: 'page 3 repeats the header with another month (a page from the February statement)',
      input: buildRawPdf({ pages: [headed(MARCH, 1), headed(MARCH, 2), headed('01/02/2024 - 29/02/2024', 3)] }),
      reasons: ['page_inconsistency.page_identity'],
    },
    {
      name: 'two pages whose headers name two customers',
      input: buildRawPdf({ pages: [headed(MARCH, 1), headed(MARCH, 2, 'SA-551190')] }),
      reasons: ['page_inconsistency.page_identity'],
    },
  ],
});
