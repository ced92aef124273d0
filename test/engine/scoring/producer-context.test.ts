import { describe, expect, it } from 'vitest';
import { CONTEXT_STRENGTH } from '../../../engine/scoring/calibration.js';
import { HABIT_FLAGS, producerFamily, withProducerContext, type ProducerHabits } from '../../../engine/scoring/producer-context.js';
import { PRODUCER_HABITS } from '../../../engine/scoring/producer-context.generated.js';
import type { Finding } from '../../../engine/types.js';

const HABITS: ProducerHabits = {
  'adobe-pdf-library': {
    'font_inconsistency.duplicate_subset': { files: 27, carrying: 8 },
    'incremental_edit.figures_changed': { files: 27, carrying: 9 },
  },
};

function finding(code: string, strength: number): Finding {
  const flag = code.split('.')[0] as Finding['flag'];
  return { flag, code, summary: 'Two subsets of Arial-BoldMT on page 1.', pages: [1], evidence: { page: 1 }, strength };
}

describe('producer-family habits', () => {
  it('names the family from Producer and Creator, none when neither is named', () => {
    expect(producerFamily('Adobe PDF Library 15.0', 'Acrobat PDFMaker 15 for Word')).toBe('adobe-pdf-library');
    expect(producerFamily('Microsoft® Word for Microsoft 365', undefined)).toBe('ms-office');
    expect(producerFamily(undefined, undefined)).toBeNull();
  });

  it("turns a family's habit into context and says how common it is", () => {
    const [f] = withProducerContext([finding('font_inconsistency.duplicate_subset', 0.45)], 'adobe-pdf-library', HABITS);
    expect(f.strength).toBe(CONTEXT_STRENGTH);
    expect(f.summary).toContain('adobe-pdf-library: 8 of 27');
    expect(f.evidence.producerHabit).toEqual({ family: 'adobe-pdf-library', files: 27, carrying: 8 });
  });

  it('leaves another family, an unnamed producer and findings already context alone', () => {
    const f = finding('font_inconsistency.duplicate_subset', 0.45);
    expect(withProducerContext([f], 'ms-office', HABITS)).toEqual([f]);
    expect(withProducerContext([f], null, HABITS)).toEqual([f]);
    const weak = finding('font_inconsistency.duplicate_subset', 0.05);
    expect(withProducerContext([weak], 'adobe-pdf-library', HABITS)).toEqual([weak]);
  });

  it('never turns an act (an incremental edit) into context, even when the table names it', () => {
    const f = finding('incremental_edit.figures_changed', 0.9);
    expect(withProducerContext([f], 'adobe-pdf-library', HABITS)).toEqual([f]);
  });

  it('the generated table holds only habit flags, each measured on enough files', () => {
    for (const [family, codes] of Object.entries(PRODUCER_HABITS)) {
      expect(family).not.toBe('none');
      for (const [code, h] of Object.entries(codes)) {
        expect(HABIT_FLAGS.has(code.split('.')[0] as Finding['flag']), `${family} ${code}`).toBe(true);
        expect(h.carrying).toBeLessThanOrEqual(h.files);
        expect(h.carrying / h.files).toBeGreaterThanOrEqual(0.1);
      }
    }
  });
});
