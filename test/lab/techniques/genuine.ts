/**
 * Genuine documents: made by issuing systems through several producers, plus the benign
 * processing real files go through and that naive detectors mistake for tampering.
 */
import { PDFName, PDFString } from 'pdf-lib';
import { LAB_DOC_TYPES } from '../model/index.js';
import { appendIncrementalUpdate, loadForIncrementalEdit } from '../pdf/incremental.js';
import { toHtml, printHtml } from '../render/html.js';
import { renderPdfkitImages } from '../render/pdfkit.js';
import { jpegsToPdfGhostscript, photoLook, rasterizePage, scanLook } from '../render/raster.js';
import { cairoPrint, exiftoolWrite, ghostscriptRedistil, pdfPageCount, qpdfResave } from '../render/transforms.js';
import type { Rng } from '../util/prng.js';
import { alternatives, laterDate, renderPositioned, start, type PositionedProducer } from './common.js';
import type { BuiltSample, SampleSpec, Technique } from './types.js';
import type { DocModel } from '../model/types.js';

const ALL = LAB_DOC_TYPES;

function genuine(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string, notes?: string): BuiltSample {
  const mime = ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
  return {
    bytes,
    ext,
    label: {
      label: 'genuine',
      technique: spec.technique,
      doc_type: model.docType,
      expected_flags: [],
      fields: { ...model.fields },
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime,
      ...(notes ? { notes } : {}),
    },
  };
}

function positionedProducer(rng: Rng): PositionedProducer {
  return rng.pick(['pdfkit', 'pdf-lib', 'ps2pdf'] as const);
}

const CAMERAS = [
  ['Apple', 'iPhone 13', '17.5.1', '5.1', '1.6'],
  ['Apple', 'iPhone 15 Pro', '18.1', '6.86', '1.78'],
  ['samsung', 'SM-S911B', 'S911BXXU3BWK5', '5.4', '1.8'],
  ['Google', 'Pixel 7', 'HDR+ 1.0.540104767zd', '6.81', '1.85'],
] as const;

const SCANNERS = [
  ['Canon iR-ADV C5535', 'Canon iR-ADV C5535 PDF'],
  ['KONICA MINOLTA bizhub C300i', 'KONICA MINOLTA bizhub C300i'],
  ['HP Scan', 'HP Scan Extended 4.6'],
  ['Xerox WorkCentre 7855', 'Xerox WorkCentre 7855'],
] as const;

function exifDate(d: Date): string {
  return d.toISOString().replace(/-/g, ':').replace('T', ' ').slice(0, 19);
}

/** Photographed page 1 with the EXIF a phone writes. Also the base of image forgeries. */
export async function phonePhoto(rng: Rng, model: DocModel, pdf: Uint8Array, layoutSize: { width: number; height: number }): Promise<Buffer> {
  const dpi = 110;
  const png = await rasterizePage(pdf, 1, dpi);
  const size = { width: Math.round((layoutSize.width * dpi) / 72), height: Math.round((layoutSize.height * dpi) / 72) };
  const jpg = await photoLook(png, rng, size);
  const [make, cameraModel, software, focal, fnumber] = rng.pick(CAMERAS);
  const shot = exifDate(laterDate(rng, model.createdAt));
  const tags = [
    `-Make=${make}`,
    `-Model=${cameraModel}`,
    `-Software=${software}`,
    `-DateTimeOriginal=${shot}`,
    `-CreateDate=${shot}`,
    `-ModifyDate=${shot}`,
    `-FocalLength=${focal}`,
    `-FNumber=${fnumber}`,
    `-ExposureTime=1/${rng.pick([30, 60, 120, 250])}`,
    `-ISO=${rng.pick([50, 100, 200, 400])}`,
    '-ColorSpace=sRGB',
  ];
  return Buffer.from(await exiftoolWrite(jpg, 'jpg', tags));
}

async function scannedPages(rng: Rng, pdf: Uint8Array, dpi: number): Promise<Buffer[]> {
  const n = await pdfPageCount(pdf);
  const out: Buffer[] = [];
  for (let p = 1; p <= n; p++) out.push(await scanLook(await rasterizePage(pdf, p, dpi), rng));
  return out;
}

/** Image-only PDF as a scanner or scanning app writes it. */
export async function scannedPdf(
  rng: Rng,
  model: DocModel,
  pdf: Uint8Array,
  size: { width: number; height: number },
): Promise<{ bytes: Uint8Array; producer: string }> {
  const pages = await scannedPages(rng, pdf, rng.pick([150, 200]));
  const when = laterDate(rng, model.createdAt);
  if (rng.chance(0.5)) return { bytes: await jpegsToPdfGhostscript(pages, size, when), producer: 'pdftoppm > imagemagick scan look > ghostscript viewjpeg' };
  const [creator, producer] = rng.pick(SCANNERS);
  const bytes = await renderPdfkitImages(
    pages.map((data) => ({ data, widthPt: size.width, heightPt: size.height })),
    { title: 'Scan', author: '', creator, producer, creationDate: when, modDate: when },
  );
  return { bytes, producer: `pdftoppm > imagemagick scan look > pdfkit (scanner profile ${creator})` };
}

export const GENUINE: Technique[] = [
  {
    id: 'genuine_pdfkit',
    label: 'genuine',
    description: 'Issuing system rendering with pdfkit (embedded TrueType subsets or standard fonts).',
    docTypes: ALL,
    async build(spec) {
      const { model } = start(spec);
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      return genuine(spec, model, base.bytes, 'pdf', 'pdfkit');
    },
  },
  {
    id: 'genuine_pdflib',
    label: 'genuine',
    description: 'Web service rendering with pdf-lib, standard fonts, XMP on every other file, sometimes object streams.',
    docTypes: ALL,
    async build(spec) {
      const { model } = start(spec);
      const base = await renderPositioned(model, 'pdf-lib', spec.seed);
      return genuine(spec, model, base.bytes, 'pdf', 'pdf-lib');
    },
  },
  {
    id: 'genuine_chromium',
    label: 'genuine',
    description: 'Portal HTML printed to PDF by headless Chromium (Skia/PDF).',
    docTypes: ALL,
    async build(spec) {
      const { model } = start(spec);
      return genuine(spec, model, await printHtml(toHtml(model)), 'pdf', 'chromium --print-to-pdf');
    },
  },
  {
    id: 'genuine_ps2pdf',
    label: 'genuine',
    description: 'Print-stream PostScript distilled with ps2pdf (Ghostscript).',
    docTypes: ALL,
    async build(spec) {
      const { model } = start(spec);
      const base = await renderPositioned(model, 'ps2pdf', spec.seed);
      return genuine(spec, model, base.bytes, 'pdf', 'postscript > ps2pdf');
    },
  },
  {
    id: 'genuine_gs_redistil',
    label: 'genuine',
    description: 'A genuine file re-distilled by Ghostscript pdfwrite (archiving or size reduction).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      return genuine(spec, model, await ghostscriptRedistil(base.bytes, laterDate(rng, model.createdAt)), 'pdf', `${base.producer} > ghostscript pdfwrite`);
    },
  },
  {
    id: 'genuine_qpdf_resave',
    label: 'genuine',
    description: 'A genuine file rewritten by qpdf with object streams (a viewer or gateway re-save).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      return genuine(spec, model, await qpdfResave(base.bytes, { objectStreams: 'generate' }), 'pdf', `${base.producer} > qpdf re-save`);
    },
  },
  {
    id: 'genuine_qpdf_linearize',
    label: 'genuine',
    description: 'Linearised ("fast web view"): two cross-reference sections and two %%EOF with no edit.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      return genuine(spec, model, await qpdfResave(base.bytes, { linearize: true }), 'pdf', `${base.producer} > qpdf --linearize`);
    },
  },
  {
    id: 'genuine_incremental_annotation',
    label: 'genuine',
    description: 'A reviewer added a sticky-note annotation, saved as an appended incremental update.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      const doc = await loadForIncrementalEdit(base.bytes);
      const page = doc.getPage(0);
      const when = laterDate(rng, model.createdAt);
      const x = page.getWidth() - 60;
      const y = page.getHeight() - rng.int(120, 300);
      const annot = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Text',
        Rect: [x, y, x + 20, y + 20],
        Contents: PDFString.of(rng.pick(['Checked against original', 'Income verified', 'OK - see file note', 'Address confirmed'])),
        T: PDFString.of(rng.pick(['Reviewer', 'A. Clerk', 'Underwriting'])),
        M: PDFString.fromDate(when),
        Name: 'Comment',
        F: 4,
      });
      page.node.addAnnot(doc.context.register(annot));
      doc.setModificationDate(when);
      const { bytes } = await appendIncrementalUpdate(base.bytes, doc);
      return genuine(spec, model, bytes, 'pdf', `${base.producer} > incremental update (annotation)`);
    },
  },
  {
    id: 'genuine_incremental_signature_field',
    label: 'genuine',
    description: 'An empty signature field added for signing, saved as an appended incremental update.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      const doc = await loadForIncrementalEdit(base.bytes);
      const page = doc.getPage(doc.getPageCount() - 1);
      const field = doc.context.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: PDFString.of('Signature1'), Rect: [50, 40, 230, 80], F: 4, P: page.ref });
      const ref = doc.context.register(field);
      page.node.addAnnot(ref);
      const form = doc.catalog.getOrCreateAcroForm();
      form.addField(ref);
      form.dict.set(PDFName.of('SigFlags'), doc.context.obj(1));
      doc.setModificationDate(laterDate(rng, model.createdAt));
      const { bytes } = await appendIncrementalUpdate(base.bytes, doc);
      return genuine(spec, model, bytes, 'pdf', `${base.producer} > incremental update (signature field)`);
    },
  },
  {
    id: 'genuine_cairo_print',
    label: 'genuine',
    description: 'A genuine file printed to PDF by a desktop viewer (poppler cairo backend).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, positionedProducer(rng), spec.seed);
      return genuine(spec, model, await cairoPrint(base.bytes), 'pdf', `${base.producer} > pdftocairo print`);
    },
  },
  {
    id: 'genuine_scan_pdf',
    label: 'genuine',
    description: 'Printed and scanned: image-only PDF with skew and sensor noise (Ghostscript or scanner firmware).',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      const scan = await scannedPdf(rng, model, base.bytes, base.layout);
      return genuine(spec, model, scan.bytes, 'pdf', scan.producer);
    },
  },
  {
    id: 'genuine_scan_jpeg',
    label: 'genuine',
    description: 'First page scanned straight to JPEG.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      const jpg = await scanLook(await rasterizePage(base.bytes, 1, 200), rng);
      return genuine(spec, model, jpg, 'jpg', 'pdftoppm > imagemagick scan look (JPEG)');
    },
  },
  {
    id: 'genuine_phone_photo',
    label: 'genuine',
    description: 'First page photographed with a phone: perspective, uneven light, camera EXIF.',
    docTypes: ALL,
    async build(spec) {
      const { rng, model } = start(spec);
      const base = await renderPositioned(model, 'pdfkit', spec.seed);
      return genuine(spec, model, await phonePhoto(rng, model, base.bytes, base.layout), 'jpg', 'pdftoppm > imagemagick photo look > exiftool camera EXIF');
    },
  },
];
