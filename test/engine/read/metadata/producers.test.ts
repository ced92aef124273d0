import { describe, expect, it } from 'vitest';
import { classifySoftware } from '../../../../engine/read/metadata/producers.js';

describe('classifySoftware', () => {
  it.each([
    ['JasperReports Library version 6.20.0', 'issuer_system'],
    ['Oracle XML Publisher 5.6.2', 'issuer_system'],
    ['Crystal Reports', 'issuer_system'],
    ['wkhtmltopdf 0.12.6', 'issuer_system'],
    ['Microsoft® Word for Microsoft 365', 'office_suite'],
    ['LibreOffice 7.0', 'office_suite'],
    ['Skia/PDF m125', 'browser_print'],
    ['macOS Version 13.4 (Build 22F66) Quartz PDFContext', 'browser_print'],
    ['Xerox WorkCentre 5030', 'scanner'],
    ['Adobe Acrobat 20.9 Image Conversion Plug-in', 'scanner'],
    ['CamScanner', 'scanner'],
    ['pdf-lib (https://github.com/Hopding/pdf-lib)', 'library'],
    ['iText® 5.5.9 ©2000-2015 iText Group NV', 'library'],
    ['GPL Ghostscript 9.18', 'library'],
    ['Adobe Acrobat Pro DC (64-bit) 22.2.20212', 'editor'],
    ['Acrobat Editor 8.0', 'editor'],
    ['Foxit PhantomPDF Printer Version 9.0', 'editor'],
    ['PDF-XChange Editor 9.5', 'editor'],
    ['Sejda (www.sejda.com)', 'online_editor'],
    ['iLovePDF', 'online_editor'],
    ['Adobe Photoshop 25.0 (Windows)', 'image_editor'],
    ['Canva', 'online_editor'],
    ['Some Unknown Writer 1.0', 'unknown'],
  ])('%s -> %s', (name, kind) => {
    expect(classifySoftware(name).kind).toBe(kind);
  });

  it('returns unknown for empty names', () => {
    expect(classifySoftware(undefined)).toEqual({ kind: 'unknown', product: '' });
  });
});
