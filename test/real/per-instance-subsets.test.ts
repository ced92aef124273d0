/**
 * XeTeX / LuaTeX / dvipdfmx, Quartz and Word embed one subset per font instance (issue 8):
 * small caps, a scaled heading or old-style figures come from a second subset of the same font
 * in the file as first written. Context there; the same second subset is still strong when the
 * writer is not one of those.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../engine/index.js';
import { drawNewAmount, editWithPdfLib, embedLiberation, genuineStatement } from '../engine/read/pdf/text/fixtures.js';

/** A second subset of the body font drawing a few figures on page 1, then the writer named. */
async function twoSubsets(producer?: string): Promise<Uint8Array> {
  const bytes = await editWithPdfLib(await genuineStatement({ fonts: 'embedded' }), async (page, doc) => {
    await drawNewAmount(page, await embedLiberation(doc), 4, '2024-118');
  });
  if (!producer) return bytes;
  const pdf = await PDFDocument.load(bytes);
  pdf.setProducer(producer);
  pdf.setCreator('LaTeX with hyperref');
  return pdf.save({ useObjectStreams: false });
}

const duplicate = async (bytes: Uint8Array) =>
  (await analyze(bytes, { filename: 'x.pdf' })).findings.filter((f) => f.code.startsWith('font_inconsistency.duplicate_subset'));

describe('per-instance font subsets', () => {
  it('in a file as xdvipdfmx wrote it: context only', async () => {
    const f = await duplicate(await twoSubsets('xdvipdfmx (20220710)'));
    expect(f.length).toBeGreaterThan(0);
    expect(Math.max(...f.map((x) => x.strength))).toBeLessThan(0.08);
  }, 120_000);
  it('written by another library: still strong', async () => {
    const f = await duplicate(await twoSubsets());
    expect(Math.max(...f.map((x) => x.strength))).toBeGreaterThanOrEqual(0.6);
  }, 120_000);
});
