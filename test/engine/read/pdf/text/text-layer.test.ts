import { describe, expect, it } from 'vitest';
import { classifyPdfFormat } from '../../../../../engine/read/pdf/format.js';
import { loadPdfText } from '../../../../../engine/read/pdf/text/index.js';
import { EngineError } from '../../../../../engine/types.js';
import { encryptedPdf, scannedPdf } from './scan-fixtures.js';
import { amountText, balanceText, editWithPdfLib, genuineStatement, grayPng, pdfkitBytes, ROW_Y } from './fixtures.js';

describe('loadPdfText', () => {
  it('reads runs with real font names, sizes, boxes and baselines', async () => {
    const { pages } = await loadPdfText(await genuineStatement({ fonts: 'embedded' }), { maxPages: 10 });
    expect(pages).toHaveLength(2);
    const p1 = pages[0];
    expect(p1.width).toBeCloseTo(595.28, 1);
    const amount = p1.runs.find((r) => r.text === amountText(0));
    expect(amount).toBeDefined();
    expect(amount!.fontName).toMatch(/^[A-Z]{6}\+LiberationSans$/);
    expect(amount!.size).toBeCloseTo(10, 1);
    // Right-aligned at x = 445 pt of 595.28; top-left origin: row 0 sits at y = 172 pt of 841.89.
    expect(amount!.bbox[2]).toBeCloseTo(445 / 595.28, 2);
    expect(amount!.bbox[1]).toBeGreaterThan(ROW_Y(0) / 841.89 - 0.01);
    expect(amount!.bbox[3]).toBeLessThan((ROW_Y(0) + 12) / 841.89);
    // Baseline from the bottom: y + ascent (~0.9 em for Liberation) below the top.
    expect(amount!.baseline).toBeGreaterThan(841.89 - ROW_Y(0) - 11);
    expect(amount!.baseline).toBeLessThan(841.89 - ROW_Y(0) - 6);
    const heading = p1.runs.find((r) => r.text === 'First Example Bank');
    expect(heading!.fontName).toMatch(/\+LiberationSans-Bold$/);
    expect(p1.fonts![heading!.fontId]).toMatchObject({ embedded: true, baseName: 'LiberationSans-Bold', bold: true });
    const courier = p1.runs.find((r) => r.text.startsWith('DE89'));
    expect(p1.fonts![courier!.fontId]).toMatchObject({ name: 'Courier', embedded: false, subsetTag: null });
  });

  it('gives page text in reading order with line breaks, table cells on one line', async () => {
    const { pages } = await loadPdfText(await genuineStatement(), { maxPages: 10 });
    const lines = pages[0].text.split('\n');
    expect(lines[0]).toBe('First Example Bank');
    const row = lines.find((l) => l.startsWith('01.03.2024'));
    expect(row!.split(/\s{2,}/)).toEqual(['01.03.2024', 'Card payment SHOP 1', '02.03.2024', amountText(0), balanceText(0)]);
    const dateIdx = lines.findIndex((l) => l.startsWith('Date'));
    expect(lines.findIndex((l) => l.startsWith('08.03.2024'))).toBeGreaterThan(dateIdx);
  });

  it('records the paint order: backgrounds before text, header text white on a dark fill', async () => {
    const { pages } = await loadPdfText(await genuineStatement(), { maxPages: 10 });
    const paint = pages[0].paint!;
    const header = paint.find((op) => op.kind === 'text' && op.text === 'Date');
    const bar = paint.find((op) => op.kind === 'fill' && op.fill === '#1f3a68');
    expect(header && header.kind === 'text' && header.fill).toBe('#ffffff');
    expect(bar!.seq).toBeLessThan(header!.seq);
    expect(bar!.kind === 'fill' && bar!.rect).toBe(true);
    const logo = paint.find((op) => op.kind === 'fill' && op.fill === '#e07b00');
    expect(logo!.kind === 'fill' && logo!.rect).toBe(false);
  });

  it('a box filled inside a curved clip paints the clip shape; inside a large rounded clip it stays a box', async () => {
    const bytes = await pdfkitBytes((doc) => {
      // Ghostscript's flattening of a translucent arrow: its colour filled into a box clipped to the arrow.
      doc.save().path('M 150 250 C 150 380 250 380 330 360 L 330 350 C 260 365 165 360 165 250 Z').clip();
      doc.rect(100, 200, 300, 250).fill('#ffee64').restore();
      // A panel with rounded corners: the box lies well inside the rounded frame.
      doc.save().roundedRect(50, 500, 400, 200, 12).clip();
      doc.rect(100, 550, 200, 100).fill('#ff0000').restore();
      doc.rect(100, 750, 50, 20).fill('#00ff00');
    });
    const { pages } = await loadPdfText(bytes, { maxPages: 1 });
    const fill = (color: string) => pages[0].paint!.find((op) => op.kind === 'fill' && op.fill === color);
    expect(fill('#ffee64')).toMatchObject({ rect: false });
    expect(fill('#ff0000')).toMatchObject({ rect: true });
    expect(fill('#00ff00')).toMatchObject({ rect: true });
  });

  it('tracks render mode, spacing and scaling of shown text', async () => {
    const bytes = await pdfkitBytes((doc) => {
      doc.font('Helvetica').fontSize(10).text('plain 1', 50, 50);
      doc.text('spaced 2', 50, 70, { characterSpacing: 2 });
      doc.text('squeezed 3', 50, 90, { horizontalScaling: 80 } as PDFKit.Mixins.TextOptions);
    });
    const edited = await editWithPdfLib(bytes, async (page, doc) => {
      const { rawText, standardPageFont } = await import('./fixtures.js');
      rawText(page, await standardPageFont(doc, page), [{ x: 50, y: 600, text: 'ghost 4', mode: 3 }]);
    });
    const paint = (await loadPdfText(edited, { maxPages: 1 })).pages[0].paint!;
    const byText = (s: string) => paint.find((op) => op.kind === 'text' && op.text.includes(s));
    expect(byText('plain')).toMatchObject({ charSpacing: 0, hScale: 1, renderMode: 0 });
    expect(byText('spaced')).toMatchObject({ charSpacing: 2 });
    expect(byText('squeezed')).toMatchObject({ hScale: 0.8 });
    expect(byText('ghost')).toMatchObject({ renderMode: 3 });
  });

  it('measures image coverage and marks image-only pages', async () => {
    const scan = await scannedPdf({ ocr: true });
    const { pages } = await loadPdfText(scan, { maxPages: 5 });
    expect(pages[0].imageCoverage).toBeGreaterThan(0.95);
    expect(pages[0].imageOnly).toBe(true);
    expect(pages[0].runs.length).toBeGreaterThan(0);
    expect(classifyPdfFormat(pages)).toBe('scanned_pdf');
    const digital = await loadPdfText(await genuineStatement(), { maxPages: 5 });
    expect(digital.pages[0].imageCoverage).toBe(0);
    expect(digital.pages[0].imageOnly).toBe(false);
    expect(classifyPdfFormat(digital.pages)).toBe('digital_pdf');
  });

  it('classifies a scan with a typed page as hybrid', async () => {
    const png = await grayPng(200, 280);
    const bytes = await pdfkitBytes((doc) => {
      doc.image(Buffer.from(png), 0, 0, { width: 595.28, height: 841.89 });
      doc.addPage();
      doc.font('Helvetica').fontSize(12).text('Typed cover letter with enough words to count as text.', 50, 50);
    });
    const { pages } = await loadPdfText(bytes, { maxPages: 5 });
    expect(pages.map((p) => p.imageOnly)).toEqual([true, false]);
    expect(classifyPdfFormat(pages)).toBe('hybrid_pdf');
  });

  it('rejects too many pages, password protection and garbage with engine error codes', async () => {
    const three = await genuineStatement({ pages: 3 });
    await expect(loadPdfText(three, { maxPages: 2 })).rejects.toMatchObject({ code: 'too_many_pages' });
    await expect(loadPdfText(await encryptedPdf(), { maxPages: 2 })).rejects.toMatchObject({ code: 'password_required' });
    const garbage = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\nnot a pdf at all');
    const err = await loadPdfText(garbage, { maxPages: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe('corrupt_document');
  });

  it('leaves the caller bytes intact', async () => {
    const bytes = await genuineStatement({ pages: 1 });
    const copy = bytes.slice();
    await loadPdfText(bytes, { maxPages: 1 });
    expect(bytes.byteLength).toBe(copy.byteLength);
    expect(Buffer.compare(Buffer.from(bytes), Buffer.from(copy))).toBe(0);
  });
});
