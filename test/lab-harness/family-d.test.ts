/**
 * Family D (pixel edits by Pillow and GraphicsMagick): one sample of each route and its twin,
 * built with the real tools when they are installed (.ci/run). Tests the lab, not detection.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildSample } from '../lab/generate.js';
import { FAMILY_D } from '../lab/techniques/family-d.js';
import { familyDTools } from '../lab/techniques/family-d/tools.js';

const READY = ['gm', 'pil', 'pdftoppm'].every((t) => familyDTools().has(t));

describe.skipIf(!READY)('family D', () => {
  it('registers three held-out routes, each with a genuine twin', () => {
    const ids = FAMILY_D.map((t) => t.id);
    for (const t of FAMILY_D.filter((x) => x.label === 'tampered')) expect(ids).toContain(t.id.replace(/^d_/, 'd_genuine_'));
    expect(FAMILY_D.every((t) => t.family === 'D')).toBe(true);
  });

  it.each([
    ['d_copymove_gm', 'invoice', 'jpg'],
    ['d_png_retype_pil', 'payslip', 'png'],
    ['d_digit_paste_pil', 'bank_statement', 'jpg'],
  ] as const)(
    '%s: an edit of one printed value, and a twin through the same chain',
    async (id, docType, ext) => {
      const forged = await buildSample({ technique: id, seed: 11, docType, pages: 1 });
      const twin = await buildSample({ technique: id.replace(/^d_/, 'd_genuine_'), seed: 11, docType, pages: 1 });
      expect(forged.label.family).toBe('D');
      expect(forged.label.label).toBe('tampered');
      expect(forged.label.edit!.after).not.toBe(forged.label.edit!.before);
      expect(forged.label.expected_flags).toContain('image_manipulation');
      expect(twin.label.label).toBe('genuine');
      expect(twin.label.expected_flags).toEqual([]);
      for (const s of [forged, twin]) {
        expect(s.file.endsWith(`.${ext}`)).toBe(true);
        const meta = await sharp(Buffer.from(s.bytes)).metadata();
        expect(meta.format).toBe(ext === 'jpg' ? 'jpeg' : 'png');
        expect(meta.width).toBeGreaterThan(500);
      }
    },
    120_000,
  );
});

it('family D fails with a message naming the missing Debian package', async () => {
  if (READY) return;
  await expect(buildSample({ technique: 'd_copymove_gm', seed: 1, docType: 'invoice', pages: 1 })).rejects.toThrow(/not installed \(family D needs it\)/);
});
