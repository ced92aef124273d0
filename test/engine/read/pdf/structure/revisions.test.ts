import { describe, expect, it } from 'vitest';
import { parsePdfStructure } from '../../../../../engine/read/pdf/structure/index.js';
import { analyzeRevisions } from '../../../../../engine/read/pdf/structure/revisions.js';
import { hasQpdf, qpdf, rawLayout } from './fixtures.js';
import {
  amountEdit,
  annotationUpdate,
  formFill,
  formFillSession,
  metadataUpdate,
  overlayEdit,
  quartzAppendSave,
  signatureFieldUpdate,
  signedStatement,
  statement,
  wrappedAnnotationUpdate,
} from './updates.js';
import { popplerAnnotationSave } from './more-updates.js';

const revisionsOf = async (bytes: Uint8Array) => analyzeRevisions(bytes, parsePdfStructure(bytes));

describe('analyzeRevisions', () => {
  it('describes the original revision', async () => {
    const [r] = await revisionsOf(statement());
    expect(r).toMatchObject({ number: 1, kind: 'original', changed: [], deleted: [], changedPages: [] });
    expect(r.added.length).toBeGreaterThan(4);
  });

  it('finds a content edit with the text before and after and its box', async () => {
    const revs = await revisionsOf(amountEdit());
    expect(revs).toHaveLength(2);
    const r = revs[1];
    expect(r.kind).toBe('content_edit');
    expect(r.changed).toEqual([rawLayout(1).content(0)]);
    expect(r.changedPages).toEqual([1]);
    expect(r.textDiff).toHaveLength(1);
    const d = r.textDiff![0];
    expect(d).toMatchObject({
      page: 1,
      before: '1,350.00',
      after: '9,350.00',
      lineBefore: 'Closing balance: 1,350.00',
      lineAfter: 'Closing balance: 9,350.00',
    });
    // The line is drawn at y=590 of 792 from the bottom from x=72 of 612 (top-left origin
    // fractions); the box is the amount's, right of the label.
    expect(d.bbox![0]).toBeGreaterThan(120 / 612);
    expect(d.bbox![2]).toBeLessThan(260 / 612);
    expect(d.bbox![1]).toBeGreaterThan(0.2);
    expect(d.bbox![3]).toBeLessThan(0.28);
  });

  it('classifies benign updates: annotation, signature field, form fill, metadata', async () => {
    expect((await revisionsOf(annotationUpdate()))[1]).toMatchObject({ kind: 'annotation', changedPages: [] });
    expect((await revisionsOf(signatureFieldUpdate()))[1]).toMatchObject({ kind: 'signature', changedPages: [] });
    expect((await revisionsOf(formFill()))[1]).toMatchObject({ kind: 'form_fill', changedPages: [] });
    expect((await revisionsOf(metadataUpdate()))[1]).toMatchObject({ kind: 'metadata', changedPages: [] });
  });

  it('sees a form filler stamping the page dictionary (LastModified, Tabs, StructParents) as form filling, one update per field', async () => {
    const revs = await revisionsOf(formFillSession());
    expect(revs.slice(1).map((r) => r.kind)).toEqual(['form_fill', 'form_fill']);
    expect(revs.slice(1).every((r) => r.changedPages.length === 0)).toBe(true);
  });

  it('reports a filled-in value replaced by a later form-fill update', async () => {
    const revs = await revisionsOf(formFillSession({ refill: '2024-03-01' }));
    expect(revs.slice(1).map((r) => r.kind)).toEqual(['form_fill', 'form_fill', 'form_fill']);
    expect(revs[2].fieldChanges).toBeUndefined();
    expect(revs[3].fieldChanges).toEqual([{ field: 'Field1', before: '2024-02-01', after: '2024-03-01' }]);
  });

  it('still sees a page size changed in such an update as a content change', async () => {
    const revs = await revisionsOf(formFillSession({ mediaBox: '0 0 612 1008' }));
    expect(revs[1].kind).toBe('content_edit');
  });

  it("reads macOS PDFKit's append-mode save (page rewritten with /Rotate 0, contents untouched) as no content change", async () => {
    const r = (await revisionsOf(quartzAppendSave()))[1];
    expect(r.kind).not.toBe('content_edit');
    expect(r.changedPages).toEqual([]);
  });

  it('still sees a page turned in such a save as a content change', async () => {
    expect((await revisionsOf(quartzAppendSave(90)))[1]).toMatchObject({ kind: 'content_edit', changedPages: [1] });
  });

  it("reads a viewer's annotation save that writes the page's reals at its own precision (poppler: 595.3039370079) as an annotation", async () => {
    expect((await revisionsOf(popplerAnnotationSave()))[1]).toMatchObject({ kind: 'annotation', changedPages: [] });
  });

  it('still sees a page resized by a point in such a save as a content change', async () => {
    expect((await revisionsOf(popplerAnnotationSave('0 0 595.3039370079 840.8897637795')))[1]).toMatchObject({ kind: 'content_edit', changedPages: [1] });
  });

  it('sees an annotation whose tool re-wrapped the page content in q/Q and inlined its resources as an annotation', async () => {
    expect((await revisionsOf(wrappedAnnotationUpdate()))[1]).toMatchObject({ kind: 'annotation', changedPages: [] });
  });

  it('still sees drawing slipped into such a wrapper as a content edit', async () => {
    const r = (await revisionsOf(wrappedAnnotationUpdate('1 1 1 rg 160 586 60 16 re f')))[1];
    expect(r).toMatchObject({ kind: 'content_edit', changedPages: [1] });
  });

  it('reports an overlay as the covered words and the new words, with the box of the new text', async () => {
    const r = (await revisionsOf(overlayEdit()))[1];
    expect(r.textDiff).toHaveLength(1);
    const d = r.textDiff![0];
    expect(d).toMatchObject({ before: '1,350.00', after: '9,350.00', lineBefore: 'Closing balance: 1,350.00', lineAfter: 'Closing balance: 9,350.00' });
    // The new amount is drawn at x=165 of 612: the box starts there, not at the line's start (x=72).
    expect(d.bbox![0]).toBeCloseTo(165 / 612, 2);
  });

  it('records which revision a signature covers', async () => {
    const signed = signedStatement();
    const revs = await revisionsOf(annotationUpdate(signed));
    expect(revs[0].signatures).toEqual([expect.objectContaining({ coversRevision: 1, subFilter: 'adbe.pkcs7.detached', signer: 'Jane Signer' })]);
    expect(revs[1].kind).toBe('annotation');
  });

  it.skipIf(!hasQpdf())('marks the first-page section of a linearised file as linearization, not an edit', async () => {
    const revs = await revisionsOf(qpdf(statement(), ['--linearize']));
    expect(revs.map((r) => r.kind)).toEqual(['linearization', 'original']);
  });

  it.skipIf(!hasQpdf())('sees a qpdf re-save of an edited file as one original revision', async () => {
    const revs = await revisionsOf(qpdf(amountEdit(), []));
    expect(revs.map((r) => r.kind)).toEqual(['original']);
  });
});
