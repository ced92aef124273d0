import { describe, expect, it } from 'vitest';
import { scanContent } from '../../../../../engine/read/pdf/structure/content-scan.js';

const scan = (s: string) => scanContent(Buffer.from(s, 'latin1'));

describe('content scan', () => {
  it('counts operators, q depth and the XObjects drawn by name', () => {
    const c = scan('q 1 0 0 1 0 0 cm q /Fx Do Q /Fx Do /Im1 Do Q BT /F1 12 Tf (q q q) Tj ET');
    expect(c.operators).toBe(12);
    expect(c.maxDepth).toBe(2);
    expect(Object.fromEntries(c.draws)).toEqual({ Fx: 2, Im1: 1 });
  });

  it('skips strings, hex strings, dictionaries, comments and inline image data', () => {
    const c = scan('/P << /MCID 0 >> BDC (a \\) q ( q ) Q) Tj <71 71> Tj % q q q\nEMC BI /W 2 /H 2 /BPC 8 /CS /G ID q q q Q\nEI q Q');
    expect(c.maxDepth).toBe(1);
    expect(c.operators).toBe(8);
  });

  it('is linear: a hundred thousand levels in well under a second', () => {
    const started = performance.now();
    const c = scan(`${'q '.repeat(100_000)}${'Q '.repeat(100_000)}`);
    expect(c.maxDepth).toBe(100_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
