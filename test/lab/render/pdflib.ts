/** pdf-lib backend: web-service style producer (standard fonts, optional XMP, object streams). */
import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont } from 'pdf-lib';
import type { Layout } from '../layout/layout.js';
import { standardFamily } from '../layout/fonts.js';
import type { HouseFont } from '../data/issuers.js';
import type { PdfMeta } from './meta.js';

const STD: Record<string, { regular: StandardFonts; bold: StandardFonts }> = {
  Helvetica: { regular: StandardFonts.Helvetica, bold: StandardFonts.HelveticaBold },
  'Times-Roman': { regular: StandardFonts.TimesRoman, bold: StandardFonts.TimesRomanBold },
  Courier: { regular: StandardFonts.Courier, bold: StandardFonts.CourierBold },
};

export function setInfo(doc: PDFDocument, meta: PdfMeta): void {
  doc.setTitle(meta.title);
  doc.setAuthor(meta.author);
  doc.setCreator(meta.creator);
  if (meta.producer) doc.setProducer(meta.producer);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setCreationDate(meta.creationDate);
  doc.setModificationDate(meta.modDate);
}

/** Puts an uncompressed XMP stream on the catalog, replacing any earlier one. */
export function setXmp(doc: PDFDocument, xmp: string): void {
  const stream = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(stream));
}

export async function renderPdfLib(layout: Layout, meta: PdfMeta, opts: { xmp?: string; objectStreams?: boolean } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fam = STD[standardFamily(layout.face.family as HouseFont)] ?? STD.Helvetica;
  const regular: PDFFont = await doc.embedFont(fam.regular);
  const bold: PDFFont = await doc.embedFont(fam.bold);
  for (const p of layout.pages) {
    const page = doc.addPage([layout.width, layout.height]);
    for (const it of p.items) {
      if (it.kind === 'line') {
        page.drawLine({
          start: { x: it.x0, y: layout.height - it.y0 },
          end: { x: it.x1, y: layout.height - it.y1 },
          thickness: 0.6,
          color: rgb(0.33, 0.33, 0.33),
        });
        continue;
      }
      page.drawText(it.text, { x: it.x, y: layout.height - it.baseline, size: it.size, font: it.bold ? bold : regular, color: rgb(0.07, 0.07, 0.07) });
    }
  }
  setInfo(doc, { producer: 'pdf-lib (https://github.com/Hopding/pdf-lib)', ...meta });
  if (opts.xmp) setXmp(doc, opts.xmp);
  return doc.save({ useObjectStreams: opts.objectStreams ?? false });
}
