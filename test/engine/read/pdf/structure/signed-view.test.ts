import { describe, expect, it } from 'vitest';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { analyzeRevisions } from '../../../../../engine/read/pdf/structure/revisions.js';
import { contentEditUpdate, STATEMENT_LINES } from './fixtures.js';
import {
  counterSigned,
  shadowCheckboxOverlay,
  shadowHideAndReplace,
  shadowHideCover,
  shadowHideLayer,
  signed,
  signedThenFilled,
  withValidationData,
} from './signed-updates.js';

const viewOf = async (bytes: Uint8Array) => {
  const revs = await analyzeRevisions(bytes, parsePdfStructure(bytes));
  return { revs, view: revs.find((r) => r.afterSigning)?.afterSigning };
};

describe('what a signed revision showed against the final file', () => {
  it('reads the certification level and tells a usage-rights signature from an approval', async () => {
    const [certified] = (await viewOf(signed({ docMdp: 2 }))).revs;
    expect(certified.signatures).toEqual([expect.objectContaining({ docMdp: 2, coversRevision: 1 })]);
    const [extended] = (await viewOf(signed({ usageRights: true }))).revs;
    expect(extended.signatures).toEqual([expect.objectContaining({ usageRights: true })]);
  });

  it('names nothing when nothing was written after the signature', async () => {
    expect((await viewOf(signed())).view).toBeUndefined();
  });

  it('sees a covered amount uncovered, with the amount the signer saw and the one drawn, invisible, under it', async () => {
    const { view } = await viewOf(shadowHideCover());
    expect(view).toMatchObject({ signedRevision: 1, finalRevision: 2 });
    expect(view!.changes).toEqual([expect.objectContaining({ page: 1, source: 'page', before: '1,350.00', after: '9,350.00' })]);
    expect(view!.changes[0].prepared).toMatch(/9,350.00 was drawn but not visible/);
    expect(view!.pageObjects).toContain(11);
  });

  it('follows optional content: a cover on a layer switched off after signing', async () => {
    const { view } = await viewOf(shadowHideLayer());
    expect(view!.changes).toEqual([expect.objectContaining({ before: '1,350.00', after: '9,350.00', prepared: expect.any(String) })]);
  });

  it('names a stream present but unused at signing that the page now draws', async () => {
    const { view } = await viewOf(shadowHideAndReplace());
    expect(view!.changes[0].prepared).toMatch(/object\(s\) 11, present but unused when signed/);
  });

  it('tells where a change is painted from: page, form field, signature field', async () => {
    const overlay = (await viewOf(shadowCheckboxOverlay())).view!;
    expect(overlay.changes).toEqual([
      expect.objectContaining({ source: 'page', before: '1,350.00', after: '' }),
      expect.objectContaining({ source: 'form_field', after: '9,350.00', overSignedText: true, annotations: [11] }),
    ]);
    const filled = (await viewOf(signedThenFilled())).view!;
    expect(filled.changes).toEqual([expect.objectContaining({ source: 'form_field', after: 'REF-2231', overSignedText: false })]);
    const second = (await viewOf(counterSigned())).view!;
    expect(second.changes).toEqual([expect.objectContaining({ source: 'signature_field', overSignedText: false })]);
  });

  it('sees nothing in validation data, nor in text that only slid along its line', async () => {
    expect((await viewOf(withValidationData())).view!.changes).toEqual([]);
    const wider = STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, x: l.x + 4 } : l));
    expect((await viewOf(contentEditUpdate(signed(), 1, 0, wider))).view!.changes).toEqual([]);
  });
});
