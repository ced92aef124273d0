/** The genuine documents must add up: otherwise a "genuine" sample would carry real red flags. */
import { describe, expect, it } from 'vitest';
import type { Country } from '../lab/data/people.js';
import { embeddedFace, standardFace } from '../lab/layout/fonts.js';
import { findItem, layoutDocument } from '../lab/layout/layout.js';
import { LAB_DOC_TYPES, makeDocument } from '../lab/model/index.js';
import type { DocModel } from '../lab/model/types.js';
import { hashSeed, Rng } from '../lab/util/prng.js';

function cents(text: string, country: Country): number {
  const digits = text.replace(/[^\d,.-]/g, '');
  const normalized = country === 'DE' || country === 'FR' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, '');
  return Math.round(Number(normalized) * 100);
}

function value(model: DocModel, key: string): number {
  for (const b of model.blocks) {
    if (b.kind === 'totals') for (const r of b.rows) if (r.key === key) return cents(r.value, model.issuer.country);
    if (b.kind === 'table') for (const row of b.rows) for (const c of row) if (c.key === key) return c.text ? cents(c.text, model.issuer.country) : 0;
  }
  throw new Error(`no value ${key}`);
}

const seeds = Array.from({ length: 25 }, (_, i) => hashSeed('models', i));

describe('document models', () => {
  it('bank statements: every running balance follows from the previous one', () => {
    for (const seed of seeds) {
      const m = makeDocument(new Rng(seed), 'bank_statement', { pages: 1 + (seed % 4) });
      const rows = (m.blocks.find((b) => b.kind === 'table') as Extract<DocModel['blocks'][number], { kind: 'table' }>).rows;
      let balance = value(m, 'totals.opening');
      rows.forEach((_, i) => {
        balance += value(m, `txn.${i}.in`) - value(m, `txn.${i}.out`);
        expect(value(m, `txn.${i}.balance`)).toBe(balance);
      });
      expect(value(m, 'totals.closing')).toBe(balance);
    }
  });

  it('payslips, invoices, bills and receipts: totals equal the sum of their parts', () => {
    for (const seed of seeds) {
      const p = makeDocument(new Rng(seed), 'payslip', { pages: 1 });
      expect(value(p, 'totals.gross') - value(p, 'totals.deductions')).toBe(value(p, 'totals.net'));
      const inv = makeDocument(new Rng(seed), 'invoice', { pages: 2 });
      expect(value(inv, 'totals.subtotal') + value(inv, 'totals.tax')).toBe(value(inv, 'totals.total'));
      const bill = makeDocument(new Rng(seed), 'utility_bill', { pages: 1 });
      expect(value(bill, 'acct.previous') + value(bill, 'acct.payment') + value(bill, 'totals.charges')).toBe(value(bill, 'totals.due'));
      const r = makeDocument(new Rng(seed), 'receipt', { pages: 1 });
      expect(value(r, 'totals.total')).toBeGreaterThan(0);
    }
  });

  it('every edit target is printed where the layout says, and changes the text', () => {
    for (const seed of seeds.slice(0, 8)) {
      for (const type of LAB_DOC_TYPES) {
        const m = makeDocument(new Rng(seed), type, { pages: 2 });
        const layout = layoutDocument(m, seed % 2 ? embeddedFace(m.issuer.font) : standardFace(m.issuer.font));
        for (const e of m.edits) {
          expect(e.after).not.toBe(e.before);
          const found = findItem(layout, e.key);
          expect(found, `${type} ${e.key}`).not.toBeNull();
          expect(found!.item.text).toBe(e.before);
        }
        for (const page of layout.pages) {
          for (const it of page.items) {
            if (it.kind !== 'text') continue;
            expect(it.x).toBeGreaterThanOrEqual(0);
            expect(it.x + it.width).toBeLessThanOrEqual(layout.width + 0.01);
            expect(it.baseline).toBeLessThanOrEqual(layout.height);
          }
        }
      }
    }
  });

  it('is a pure function of the seed', () => {
    const a = makeDocument(new Rng(5), 'invoice', { pages: 3 });
    const b = makeDocument(new Rng(5), 'invoice', { pages: 3 });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(JSON.stringify(makeDocument(new Rng(6), 'invoice', { pages: 3 }))).not.toBe(JSON.stringify(a));
  });
});
