/** Family B forgeries that stay PDFs: re-exports, text round trips, overlays, page swaps, metadata routes. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import { psRedistil, renderEnscript, requireTool } from '../../render/family-b.js';
import { pdfPageCount } from '../../render/transforms.js';
import { run, withTempDir } from '../../util/exec.js';
import { contentFlags, laterDate, metaFor, start } from '../common.js';
import type { Technique } from '../types.js';
import { pypdfOverlay } from './overlay.js';
import {
  ALL,
  amountOnPage,
  available,
  contentEdit,
  editedB,
  baseB,
  MULTI,
  overrides,
  POSITIONED,
  PRODUCER_NAME,
  render,
  sibling,
  tamperedB,
} from './shared.js';

export const PDF_ROUTES_B: Technique[] = [
  {
    id: 'b_rewrite_other_tool',
    family: 'B',
    label: 'tampered',
    description: "Value changed and the whole document re-exported by another program; the issuer's metadata copied over.",
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab', 'groff']));
      const bytes = await render(tool, model, { ...metaFor(model), modDate: laterDate(rng, model.createdAt) }, overrides(edit));
      return tamperedB(spec, model, bytes, 'pdf', `rewrite with ${PRODUCER_NAME[tool]} (issuer metadata copied)`, contentFlags(edit), edit);
    },
  },
  {
    id: 'b_export_reimport',
    family: 'B',
    label: 'tampered',
    description: 'Exported to text, edited, printed again as a listing (enscript > ps2pdf).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      requireTool('enscript');
      const meta = { ...metaFor(model), creator: 'GNU Enscript 1.6.6', modDate: laterDate(rng, model.createdAt) };
      meta.creationDate = meta.modDate;
      return tamperedB(
        spec,
        model,
        await renderEnscript(model, meta, overrides(edit)),
        'pdf',
        'export to text > edit > enscript > ps2pdf',
        contentFlags(edit),
        edit,
      );
    },
  },
  {
    id: 'b_overlay_pypdf',
    family: 'B',
    label: 'tampered',
    description: 'White box and retyped amount (ReportLab overlay) merged by pypdf; full rewrite.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage(rng, model, base.bytes, true);
      const font = rng.pick(['Helvetica', 'Times-Roman', 'Courier']);
      const bytes = await pypdfOverlay(base.bytes, box, edit.after, font, rng.chance(0.5));
      return tamperedB(
        spec,
        model,
        bytes,
        'pdf',
        `${PRODUCER_NAME[base.tool]} > reportlab overlay (${font}) merged by pypdf`,
        ['hidden_content', 'font_inconsistency', ...contentFlags(edit)],
        edit,
        box.page,
      );
    },
  },
  {
    id: 'b_overlay_ps_redistil',
    family: 'B',
    label: 'tampered',
    description: 'pypdf overlay edit laundered through a PostScript driver and ps2pdf.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await baseB(rng, model, POSITIONED);
      const { edit, box } = await amountOnPage(rng, model, base.bytes, true);
      const font = rng.pick(['Helvetica', 'Times-Roman']);
      const bytes = await psRedistil(await pypdfOverlay(base.bytes, box, edit.after, font, false), laterDate(rng, model.createdAt));
      return tamperedB(
        spec,
        model,
        bytes,
        'pdf',
        `${PRODUCER_NAME[base.tool]} > pypdf overlay (${font}) > pdftops > ps2pdf`,
        ['hidden_content', 'font_inconsistency', ...contentFlags(edit)],
        edit,
        box.page,
      );
    },
  },
  {
    id: 'b_page_swap',
    family: 'B',
    label: 'tampered',
    description: 'A later page replaced by the same page of another genuine document of the same issuer (same tool).',
    docTypes: MULTI,
    minPages: 2,
    async build(spec) {
      const { rng, model } = start(spec);
      const other = sibling(spec, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab', 'groff']));
      const a = await render(tool, model, metaFor(model));
      const b = await render(tool, other, metaFor(other));
      const na = await pdfPageCount(a);
      const nb = await pdfPageCount(b);
      if (na < 2 || nb < 2) throw new Error('page swap needs two pages in both documents');
      const page = rng.int(2, Math.min(na, nb));
      const bytes = await withTempDir(async (dir) => {
        await writeFile(join(dir, 'a.pdf'), a);
        await writeFile(join(dir, 'b.pdf'), b);
        const ranges = [page > 1 ? `1-${page - 1}` : '', '', page < na ? `${page + 1}-${na}` : ''];
        const args = ['--empty', '--pages', join(dir, 'a.pdf'), ranges[0], join(dir, 'b.pdf'), String(page)];
        if (ranges[2]) args.push(join(dir, 'a.pdf'), ranges[2]);
        await run('qpdf', ['--deterministic-id', join(dir, 'a.pdf'), '--pages', ...args.slice(2), '--', join(dir, 'out.pdf')]);
        return new Uint8Array(await readFile(join(dir, 'out.pdf')));
      });
      const flags: FlagCode[] = ['page_inconsistency', 'arithmetic_error'];
      if (model.docType === 'bank_statement') flags.push('content_inconsistency');
      return tamperedB(
        spec,
        model,
        bytes,
        'pdf',
        `${PRODUCER_NAME[tool]} x2 > qpdf page ${page} from ${other.fields.document_date}`,
        flags,
        null,
        page,
        `page ${page} of ${na} from the issuer's document dated ${other.fields.document_date}`,
      );
    },
  },
  {
    id: 'b_moddate_late',
    family: 'B',
    label: 'tampered',
    description: 'Re-rendered with a changed value months or years later; the library keeps CreationDate and stamps a late ModDate.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model, ['weasyprint', 'reportlab', 'groff']);
      const doc = await PDFDocument.load(e.bytes, { updateMetadata: false });
      const late = new Date(model.createdAt.getTime() + rng.int(150, 1100) * 86_400_000 + rng.int(0, 86_399) * 1000);
      doc.setCreationDate(model.createdAt);
      doc.setModificationDate(late);
      const lib = rng.pick(['pypdf 3.17.4', 'iText 7.2.5 (AGPL-version)', 'PDFsharp 6.0.0', null]);
      if (lib) doc.setProducer(lib);
      const bytes = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
      return tamperedB(
        spec,
        model,
        bytes,
        'pdf',
        `${PRODUCER_NAME[e.tool]} (edited) > ${lib ?? 'pdf-lib, Producer kept'} ModDate +${Math.round((late.getTime() - model.createdAt.getTime()) / 86_400_000)} d`,
        ['date_inconsistency', ...contentFlags(e.edit)],
        e.edit,
      );
    },
  },
  {
    id: 'b_scrubbed',
    family: 'B',
    label: 'tampered',
    description: 'Edited document rewritten without Info, XMP and /ID.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const e = await editedB(rng, model, ['weasyprint', 'reportlab', 'groff']);
      const doc = await PDFDocument.load(e.bytes, { updateMetadata: false });
      doc.catalog.delete(PDFName.of('Metadata'));
      doc.context.trailerInfo.Info = undefined;
      doc.context.trailerInfo.ID = undefined;
      const bytes = await doc.save({ useObjectStreams: rng.chance(0.5) });
      return tamperedB(
        spec,
        model,
        bytes,
        'pdf',
        `${PRODUCER_NAME[e.tool]} (edited) > Info, XMP and /ID removed (rewrite)`,
        ['scrubbed_metadata', ...contentFlags(e.edit)],
        e.edit,
      );
    },
  },
  {
    id: 'b_future_created',
    family: 'B',
    label: 'tampered',
    description: 'Edited and re-rendered with dates typed years ahead (CreationDate and ModDate in 2029-2034).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const edit = contentEdit(rng, model);
      const tool = rng.pick(available(['weasyprint', 'reportlab']));
      const future = new Date(Date.UTC(rng.int(2029, 2034), rng.int(0, 11), rng.int(1, 28), rng.int(7, 18), rng.int(0, 59)));
      const bytes = await render(tool, model, { ...metaFor(model), creationDate: future, modDate: future }, overrides(edit));
      let out = bytes;
      if (tool === 'reportlab') {
        // ReportLab writes a fixed date in invariant mode: the forger's tool sets the dates.
        const doc = await PDFDocument.load(bytes, { updateMetadata: false });
        doc.setCreationDate(future);
        doc.setModificationDate(future);
        out = await doc.save({ useObjectStreams: false });
      }
      return tamperedB(
        spec,
        model,
        out,
        'pdf',
        `${PRODUCER_NAME[tool]} (edited), dates ${future.toISOString().slice(0, 10)}`,
        ['date_inconsistency', ...contentFlags(edit)],
        edit,
      );
    },
  },
];
