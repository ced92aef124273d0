/**
 * Forgeries made from genuine documents the way fraudsters make them: editor overlays saved
 * incrementally or rewritten, laundered through re-distil, print or scan, scrubbed metadata,
 * same-font digit swaps, pages from other files, and metadata or date manipulations.
 */
import { PDFDocument, PDFName, PDFRef } from 'pdf-lib';
import type { FlagCode } from '../../../engine/catalog/flags.js';
import { formatDate } from '../data/dates.js';
import { LAB_DOC_TYPES } from '../model/index.js';
import type { DocModel, EditTarget } from '../model/types.js';
import { appendIncrementalUpdate, loadForIncrementalEdit } from '../pdf/incremental.js';
import { swapDigitInQdf } from '../pdf/content-patch.js';
import { applyOverlay, describeFont, pickForgerFont, type OverlayResult } from '../pdf/overlay.js';
import { setInfo, setXmp } from '../render/pdflib.js';
import { renderPdfkit } from '../render/pdfkit.js';
import { cairoPrint, exiftoolWrite, ghostscriptRedistil, qpdfFromEditedQdf, qpdfResave, qpdfToQdf } from '../render/transforms.js';
import { buildXmp, xmpUuid } from '../render/xmp.js';
import { layoutDocument } from '../layout/layout.js';
import { embeddedFace } from '../layout/fonts.js';
import type { Rng } from '../util/prng.js';
import {
  alternatives,
  contentFlags,
  editRecord,
  EDITORS,
  fieldsAfter,
  laterDate,
  metaFor,
  renderPositioned,
  start,
  uniq,
  type BaseRender,
  type PositionedProducer,
} from './common.js';
import { scannedPdf } from './genuine.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';

const ALL = LAB_DOC_TYPES;

function tampered(
  spec: SampleSpec,
  model: DocModel,
  bytes: Uint8Array,
  producer: string,
  flags: FlagCode[],
  edit: EditTarget | null,
  page = 1,
  notes?: string,
  ext: BuiltSample['ext'] = 'pdf',
): BuiltSample {
  const mime = ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
  return {
    bytes,
    ext,
    label: {
      label: 'tampered',
      technique: spec.technique,
      doc_type: model.docType,
      expected_flags: uniq(flags),
      fields: fieldsAfter(model, edit),
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime,
      ...(edit ? { edit: editRecord(edit, page) } : {}),
      ...(notes ? { notes } : {}),
    },
  };
}

interface Overlaid {
  base: BaseRender;
  doc: PDFDocument;
  edit: EditTarget;
  overlay: OverlayResult;
  editor: string;
  font: string;
  /** The base carried XMP, which still names the issuer's tool after the editor's save. */
  staleXmp: boolean;
}

/** Genuine base, then an editor's white box and retyped value; nothing saved yet. */
async function overlayEdit(rng: Rng, model: DocModel, seed: number, producers: PositionedProducer[] = ['pdfkit', 'pdf-lib', 'ps2pdf']): Promise<Overlaid> {
  const base = await renderPositioned(model, rng.pick(producers), seed);
  const doc = await loadForIncrementalEdit(base.bytes);
  const staleXmp = doc.catalog.get(PDFName.of('Metadata')) !== undefined;
  const edit = rng.pick(model.edits);
  const font = pickForgerFont(rng, model.issuer.font);
  const overlay = await applyOverlay(doc, base.layout, edit, font);
  const editor = rng.pick(EDITORS);
  doc.setProducer(editor);
  doc.setModificationDate(laterDate(rng, model.createdAt));
  return { base, doc, edit, overlay, editor, font: describeFont(font), staleXmp };
}

/** The editor's Producer in Info against the issuer's in the untouched XMP. */
function editorFlags(o: Overlaid): FlagCode[] {
  return o.staleXmp ? ['editing_software', 'metadata_mismatch'] : ['editing_software'];
}

/** What an overlay leaves in any PDF that keeps the page's vector content. */
function overlayFlags(edit: EditTarget): FlagCode[] {
  return ['hidden_content', 'font_inconsistency', ...contentFlags(edit)];
}

async function rewrite(doc: PDFDocument): Promise<Uint8Array> {
  return doc.save({ useObjectStreams: false });
}

export const TAMPERED: Technique[] = [
  {
    id: 'tampered_incremental_overlay',
    label: 'tampered',
    description: 'Value covered by a white box and retyped in another font; editor appends an incremental update and names itself as Producer.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      const { bytes } = await appendIncrementalUpdate(o.base.bytes, o.doc);
      return tampered(
        spec,
        model,
        bytes,
        `${o.base.producer} > ${o.editor} (incremental, font ${o.font})`,
        ['incremental_edit', ...editorFlags(o), ...overlayFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_rewrite_pdflib',
    label: 'tampered',
    description: 'The same overlay edit saved as a full rewrite (no incremental section).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      return tampered(
        spec,
        model,
        await rewrite(o.doc),
        `${o.base.producer} > ${o.editor} (full rewrite by pdf-lib, font ${o.font})`,
        [...editorFlags(o), ...overlayFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_rewrite_qpdf',
    label: 'tampered',
    description: 'Overlay edit saved incrementally, then flattened by qpdf into one revision.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      const { bytes } = await appendIncrementalUpdate(o.base.bytes, o.doc);
      return tampered(
        spec,
        model,
        await qpdfResave(bytes, { objectStreams: rng.pick(['preserve', 'generate'] as const) }),
        `${o.base.producer} > ${o.editor} > qpdf flatten (font ${o.font})`,
        [...editorFlags(o), ...overlayFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_laundered_gs',
    label: 'tampered',
    description: 'Overlay edit laundered through a Ghostscript re-distil: one revision, Ghostscript as Producer.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      const bytes = await ghostscriptRedistil(await rewrite(o.doc), laterDate(rng, model.createdAt));
      return tampered(
        spec,
        model,
        bytes,
        `${o.base.producer} > ${o.editor} > ghostscript pdfwrite (font ${o.font})`,
        overlayFlags(o.edit),
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_laundered_print',
    label: 'tampered',
    description: 'Overlay edit laundered by printing to PDF (cairo).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      return tampered(
        spec,
        model,
        await cairoPrint(await rewrite(o.doc)),
        `${o.base.producer} > ${o.editor} > pdftocairo print (font ${o.font})`,
        overlayFlags(o.edit),
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_laundered_scan',
    label: 'tampered',
    description: 'Overlay edit printed and scanned: image-only PDF; only what the page shows remains.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      const scan = await scannedPdf(rng, model, await rewrite(o.doc), o.base.layout);
      return tampered(
        spec,
        model,
        scan.bytes,
        `${o.base.producer} > ${o.editor} > ${scan.producer}`,
        ['font_inconsistency', ...contentFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_scrubbed_exiftool',
    label: 'tampered',
    description: 'Overlay edit rewritten, then exiftool -all= to hide the editor (Info and XMP emptied in an appended update).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      const bytes = await exiftoolWrite(await rewrite(o.doc), 'pdf', ['-all=']);
      return tampered(
        spec,
        model,
        bytes,
        `${o.base.producer} > ${o.editor} > exiftool -all=`,
        ['scrubbed_metadata', ...overlayFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_scrubbed_rewrite',
    label: 'tampered',
    description: 'Overlay edit rewritten without Info, XMP or /ID.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const o = await overlayEdit(rng, model, spec.seed);
      // Unreferenced objects would still be written: delete them, not just their references.
      const info = o.doc.context.trailerInfo.Info;
      const xmp = o.doc.catalog.get(PDFName.of('Metadata'));
      for (const ref of [info, xmp]) if (ref instanceof PDFRef) o.doc.context.delete(ref);
      o.doc.context.trailerInfo.Info = undefined;
      o.doc.context.trailerInfo.ID = undefined;
      o.doc.catalog.delete(PDFName.of('Metadata'));
      return tampered(
        spec,
        model,
        await rewrite(o.doc),
        `${o.base.producer} > ${o.editor} > metadata stripped (pdf-lib)`,
        ['scrubbed_metadata', ...overlayFlags(o.edit)],
        o.edit,
        o.overlay.page,
      );
    },
  },
  {
    id: 'tampered_digit_swap',
    label: 'tampered',
    description: 'One digit changed inside the content stream with the same font (qpdf --qdf, edit, fix-qdf): only the arithmetic betrays it.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib'] as const), spec.seed, { standardFonts: true });
      const amount = model.edits.find((e) => e.target === 'amount')!;
      const patched = swapDigitInQdf(await qpdfToQdf(base.bytes), amount.before);
      if (!patched) throw new Error(`digit swap: "${amount.before}" not found as shown text`);
      const edit: EditTarget = { ...amount, after: patched.swap.after };
      const bytes = await qpdfFromEditedQdf(patched.bytes);
      const found = base.layout.pages.findIndex((p) => p.items.some((it) => it.kind === 'text' && it.key === amount.key));
      return tampered(spec, model, bytes, `${base.producer} > qpdf --qdf > digit edit > fix-qdf > qpdf`, contentFlags(edit), edit, found + 1);
    },
  },
  {
    id: 'tampered_page_from_other',
    label: 'tampered',
    description: 'A later page replaced by the same page of another statement or invoice made by another producer.',
    docTypes: ['bank_statement', 'invoice'],
    minPages: 2,
    async build(spec) {
      const { rng, model } = start({ ...spec, pages: Math.max(2, spec.pages) });
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib'] as const), spec.seed);
      const donorSpec = { ...spec, seed: spec.seed + 1_000_003, pages: Math.max(2, spec.pages) };
      const donorModel = start(donorSpec).model;
      const donorProducer: PositionedProducer = base.producer === 'pdfkit' ? rng.pick(['pdf-lib', 'ps2pdf'] as const) : 'ps2pdf';
      const donor = await renderPositioned(donorModel, donorProducer, donorSpec.seed);
      const doc = await PDFDocument.load(base.bytes, { updateMetadata: false });
      const donorDoc = await PDFDocument.load(donor.bytes, { updateMetadata: false });
      const pageIndex = Math.min(doc.getPageCount(), donorDoc.getPageCount()) - 1;
      if (pageIndex < 1) throw new Error('page swap needs two pages in both documents');
      const [copied] = await doc.copyPages(donorDoc, [pageIndex]);
      doc.removePage(pageIndex);
      doc.insertPage(pageIndex, copied);
      const flags: FlagCode[] = ['page_inconsistency', 'arithmetic_error'];
      // Statement rows carry dates from the donor's month; invoice lines carry no dates.
      if (model.docType === 'bank_statement') flags.push('content_inconsistency');
      const bytes = await doc.save({ useObjectStreams: false });
      return tampered(
        spec,
        model,
        bytes,
        `${base.producer} with page ${pageIndex + 1} from ${donorProducer} (pdf-lib rewrite)`,
        flags,
        null,
        pageIndex + 1,
        `page ${pageIndex + 1} of ${doc.getPageCount()} replaced`,
      );
    },
  },
  {
    id: 'tampered_editor_history',
    label: 'tampered',
    description: 'Value edited in place with the document font by a desktop editor; Producer and XMP history name the editor.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = rng.pick(model.edits);
      const layout = layoutDocument(model, embeddedFace(model.issuer.font), new Map([[edit.key, edit.after]]));
      const clean = await renderPdfkit(layout, metaFor(model));
      const doc = await PDFDocument.load(clean, { updateMetadata: false });
      const edited = laterDate(rng, model.createdAt);
      const tool = rng.pick([
        ['Adobe Acrobat Pro (64-bit) 24.1.20643', 'Adobe Acrobat Pro (64-bit) 24.1.20643'],
        ['Adobe Photoshop 25.0 (Windows)', 'Adobe Photoshop 25.0 (Windows)'],
        ['Foxit PDF Editor 12.1.2', 'Foxit PDF Editor 12.1.2'],
      ] as const);
      setInfo(doc, { ...metaFor(model), producer: tool[0], modDate: edited });
      setXmp(
        doc,
        buildXmp({
          creatorTool: model.issuer.system,
          producer: tool[0],
          createDate: model.createdAt,
          modifyDate: edited,
          documentId: xmpUuid(spec.seed, 'doc'),
          instanceId: xmpUuid(spec.seed, 'edited'),
          history: [
            { action: 'converted', when: model.createdAt, softwareAgent: model.issuer.system },
            { action: 'saved', when: edited, softwareAgent: tool[1], changed: '/' },
          ],
        }),
      );
      const bytes = await doc.save({ useObjectStreams: rng.chance(0.5) });
      const page = layout.pages.findIndex((p) => p.items.some((it) => it.kind === 'text' && it.key === edit.key)) + 1;
      return tampered(spec, model, bytes, `pdfkit > ${tool[0]} (in-place edit, XMP history)`, ['editing_software', ...contentFlags(edit)], edit, page);
    },
  },
  {
    id: 'tampered_impossible_date',
    label: 'tampered',
    description: 'Document rebuilt from the template with an impossible printed date (31 April, 30 February).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const key = 'meta.date';
      const d = model.documentDate;
      const impossible = rng.chance(0.5) ? { y: d.y, m: rng.pick([4, 6, 9, 11]), d: 31 } : { y: d.y, m: 2, d: 30 };
      const before = model.meta.find((kv) => kv.key === key)!.value;
      const time = model.docType === 'receipt' ? before.slice(before.lastIndexOf(' ')) : '';
      const after = formatDate(impossible, model.issuer.country) + time;
      const edit: EditTarget = { target: 'date', key, before, after, breaksArithmetic: false, contradicts: true, fieldsAfter: { document_date: null } };
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib', 'ps2pdf'] as const), spec.seed, { overrides: new Map([[key, after]]) });
      return tampered(spec, model, base.bytes, `${base.producer} (template refill)`, ['content_inconsistency'], edit, 1);
    },
  },
  {
    id: 'tampered_moddate_before_creation',
    label: 'tampered',
    description: 'Metadata dates out of order: ModDate earlier than CreationDate.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const meta = { ...metaFor(model), modDate: new Date(model.createdAt.getTime() - rng.int(3, 400) * 86_400_000) };
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib', 'ps2pdf'] as const), spec.seed, { meta });
      return tampered(spec, model, base.bytes, `${base.producer} (dates rewritten)`, ['date_inconsistency'], null);
    },
  },
  {
    id: 'tampered_future_date',
    label: 'tampered',
    description: 'CreationDate and ModDate years in the future (clock-tampered or hand-set metadata).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const future = new Date(Date.UTC(2031 + rng.int(0, 4), rng.int(0, 11), rng.int(1, 28), rng.int(0, 23), rng.int(0, 59)));
      const meta = { ...metaFor(model), creationDate: future, modDate: future };
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib'] as const), spec.seed, { meta });
      return tampered(spec, model, base.bytes, `${base.producer} (future dates)`, ['date_inconsistency'], null);
    },
  },
  {
    id: 'tampered_resaved_after_issue',
    label: 'tampered',
    description:
      'Issued document opened months later and saved whole by a PDF library (CreationDate kept, late ModDate, the library as Producer); no visible change, so only the dates tell.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, rng.pick(['pdfkit', 'pdf-lib', 'ps2pdf'] as const), spec.seed);
      const doc = await PDFDocument.load(base.bytes, { updateMetadata: false });
      const later = new Date(model.createdAt.getTime() + rng.int(100, 700) * 86_400_000 + rng.int(0, 86_399) * 1000);
      doc.setCreationDate(model.createdAt);
      doc.setModificationDate(later);
      const lib = rng.pick(['Apache PDFBox 2.0.29', 'MuPDF 1.23.0', 'HexaPDF 0.35.0', 'PDFium', 'Spire.PDF for .NET']);
      doc.setProducer(lib);
      return tampered(
        spec,
        model,
        await doc.save({ useObjectStreams: false }),
        `${base.producer} > ${lib} re-save (ModDate +${Math.round((later.getTime() - model.createdAt.getTime()) / 86_400_000)} d)`,
        ['date_inconsistency'],
        null,
      );
    },
  },
  {
    id: 'tampered_xmp_mismatch',
    label: 'tampered',
    description: 'Info dictionary and XMP disagree on the creating tool and the creation date.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      const doc = await PDFDocument.load(base.bytes, { updateMetadata: false });
      const other = rng.pick(['Microsoft Word for Microsoft 365', 'LibreOffice 7.6 Writer', 'Google Docs Renderer']);
      const earlier = new Date(model.createdAt.getTime() - rng.int(40, 400) * 86_400_000);
      setXmp(
        doc,
        buildXmp({
          creatorTool: other,
          producer: rng.pick(['Microsoft: Print To PDF', 'LibreOffice 7.6', 'Skia/PDF m119']),
          createDate: earlier,
          modifyDate: earlier,
          documentId: xmpUuid(spec.seed, 'doc'),
        }),
      );
      return tampered(spec, model, await doc.save({ useObjectStreams: false }), `pdfkit > pdf-lib (XMP from ${other})`, ['metadata_mismatch'], null);
    },
  },
];
