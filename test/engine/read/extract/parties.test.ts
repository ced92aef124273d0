/**
 * The sender's letterhead block (name set large, street, postcode) sits at the top like an
 * addressee's block; it must be read as the issuer, never as the customer.
 */
import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../../engine/read/extract/index.js';
import { layoutPage, right, row } from './fixtures.js';

function receipt(headingSize: number) {
  const text = [
    'Corner Pantry',
    '3 Market Place',
    'Norwich NR2 1ND',
    'RECEIPT',
    row([0, 'Date'], right(60, '06 Oct 2023 19:22')),
    row([0, '3 x Granola'], right(60, '28.65')),
    row([0, 'TOTAL'], right(60, '£28.65')),
  ].join('\n');
  const page = layoutPage(text);
  // Make the first line a heading: larger glyphs, taller box.
  page.runs = page.runs.map((r) => (r.bbox[1] === 0 ? { ...r, size: headingSize, bbox: [r.bbox[0], r.bbox[1], r.bbox[2], r.bbox[3] + 0.004] } : r));
  return extractFields([page], text);
}

describe('letterhead versus addressee', () => {
  it('a large-type name over a postal address is the issuer, and there is no customer', () => {
    const ex = receipt(14);
    expect(ex.issuer).toBe('Corner Pantry');
    expect(ex.name).toBeNull();
    expect(ex.address).toBeNull();
  });

  it('the same block at body size is still read as an addressee', () => {
    const ex = receipt(9);
    expect(ex.name).toBe('Corner Pantry');
    expect(ex.issuer).toBeNull();
  });
});
