import { describe, expect, it } from 'vitest';
import { DEFAULT_CRITERIA, forgedRates, habitsTable, reasonCodes, reasonRates, type GenuineRow } from '../lab/producer-rates.js';

const row = (family: string, split: string, ...codes: string[]): GenuineRow => ({ family, split, reasons: new Set(codes) });

/** 20 genuine files of one family in tune, `k` of them carrying `code`, plus `t` test-split files carrying it. */
function family(name: string, code: string, k: number, t = 0): GenuineRow[] {
  return [...Array.from({ length: 20 }, (_, i) => row(name, 'tune', ...(i < k ? [code] : []))), ...Array.from({ length: t }, () => row(name, 'test', code))];
}

describe('producer reason rates', () => {
  it('reads reason codes from eval outcomes once each', () => {
    expect([...reasonCodes(['a.b (high)', 'a.b (low)', 'c.more_reasons (low)', 'd.e (medium)'])]).toEqual(['a.b', 'd.e']);
  });

  it('a habit flag common on a family and not markedly more common on forgeries is a habit', () => {
    const rates = reasonRates(family('adobe-pdf-library', 'font_inconsistency.duplicate_subset', 6), new Map(), DEFAULT_CRITERIA);
    expect(rates).toHaveLength(1);
    expect(rates[0]).toMatchObject({ family: 'adobe-pdf-library', files: 20, carrying: 6, habit: true });
    expect(habitsTable(rates)).toEqual({ 'adobe-pdf-library': { 'font_inconsistency.duplicate_subset': { files: 20, carrying: 6 } } });
  });

  it('rare reasons, acts, unnamed producers and reasons forgeries carry far more often are not', () => {
    expect(reasonRates(family('ms-office', 'font_inconsistency.duplicate_subset', 1), new Map(), DEFAULT_CRITERIA)[0].habit).toBe(false);
    expect(reasonRates(family('ms-office', 'incremental_edit.figures_changed', 10), new Map(), DEFAULT_CRITERIA)[0].habit).toBe(false);
    expect(reasonRates(family('none', 'scrubbed_metadata.no_metadata', 20), new Map(), DEFAULT_CRITERIA)[0].habit).toBe(false);
    const forged = forgedRates([new Set(['metadata_mismatch.producer']), new Set(['metadata_mismatch.producer'])]);
    expect(reasonRates(family('itext', 'metadata_mismatch.producer', 3), forged, DEFAULT_CRITERIA)[0].habit).toBe(false);
  });

  it('learns nothing from the test split', () => {
    const rows = family('itext', 'metadata_mismatch.producer', 0, 30);
    expect(reasonRates(rows, new Map(), DEFAULT_CRITERIA).filter((r) => r.habit)).toEqual([]);
  });
});
