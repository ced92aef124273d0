/** pdfkit backend: the report-engine style producer (Creator = issuing system, Producer = PDFKit). */
import PDFDocument from 'pdfkit';
import type { Layout } from '../layout/layout.js';
import type { PdfMeta } from './meta.js';

export interface PdfkitOptions {
  compress?: boolean;
  /** Raster pages instead of drawn text (scanner-style output); one image per page. */
  images?: Array<{ data: Buffer; width: number; height: number }>;
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
  });
}

function infoFor(meta: PdfMeta): PDFKit.DocumentInfo {
  const info: PDFKit.DocumentInfo = { Title: meta.title, Author: meta.author, Creator: meta.creator, CreationDate: meta.creationDate, ModDate: meta.modDate };
  if (meta.subject) info.Subject = meta.subject;
  if (meta.producer) info.Producer = meta.producer;
  return info;
}

export async function renderPdfkit(layout: Layout, meta: PdfMeta, opts: PdfkitOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: opts.compress ?? true, info: infoFor(meta), size: [layout.width, layout.height], margin: 0 });
  const done = collect(doc);
  for (const page of layout.pages) {
    doc.addPage({ size: [layout.width, layout.height], margin: 0 });
    for (const it of page.items) {
      if (it.kind === 'line') {
        doc.moveTo(it.x0, it.y0).lineTo(it.x1, it.y1).lineWidth(0.6).strokeColor('#555555').stroke();
        continue;
      }
      doc
        .font(it.bold ? layout.face.bold : layout.face.regular)
        .fontSize(it.size)
        .fillColor('#111111')
        .text(it.text, it.x, it.baseline, { lineBreak: false, baseline: 'alphabetic' });
    }
  }
  doc.end();
  return done;
}

/** Image-only PDF, one full-page raster per page (how scanner firmware and apps wrap scans). */
export async function renderPdfkitImages(pages: Array<{ data: Buffer; widthPt: number; heightPt: number }>, meta: PdfMeta): Promise<Uint8Array> {
  const doc = new PDFDocument({ autoFirstPage: false, info: infoFor(meta), margin: 0 });
  const done = collect(doc);
  for (const p of pages) {
    doc.addPage({ size: [p.widthPt, p.heightPt], margin: 0 });
    doc.image(p.data, 0, 0, { width: p.widthPt, height: p.heightPt });
  }
  doc.end();
  return done;
}
