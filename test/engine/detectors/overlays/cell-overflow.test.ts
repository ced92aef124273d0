/**
 * Spreadsheets printed to PDF: a label longer than its cell runs on into the next one, whose own
 * background, painted next, lays over the tail (issue 30: fraudulent 100 on a genuine Office
 * PostScript-driver + Distiller file). Layout, context only; a forger's cover stays decisive.
 */
import { expect } from 'vitest';
import type PDFKit from 'pdfkit';
import { coveredTextDetector } from '../../../../engine/detectors/overlays/covered-text.js';
import { STRENGTH, STRENGTH_CAP } from '../../../../engine/detectors/strengths.js';
import { testDetector } from '../../detector-tester.js';
import { textContext } from '../../read/pdf/text/context.js';
import { pdfkitBytes } from '../../read/pdf/text/fixtures.js';

const DRIVER = { Producer: 'Acrobat Distiller 9.0.0 (Windows)', Creator: 'PScript5.dll Version 5.2.2' };
const ROW_H = 14;
const B_WIDTH = 100;

interface SheetOptions {
  /** Show the label word by word (as the driver often does) or in one string. */
  byWord?: boolean;
  /** Paint the label's own cell background (a row of white cells) or leave it unfilled. */
  fillLabelCell?: boolean;
  /** Align cell B's value on the left or on the right. */
  valueAlign?: 'left' | 'right';
  /** Width of the label's cell (a narrow one puts most of a long label under the next cell). */
  labelCellWidth?: number;
}

function cellRow(doc: PDFKit.PDFDocument, y: number, label: string, value: string, o: SheetOptions): void {
  const A = { x: 50, w: o.labelCellWidth ?? 100 };
  const B = { x: A.x + A.w, w: B_WIDTH };
  if (o.fillLabelCell !== false) doc.save().rect(A.x, y, A.w, ROW_H).fill('#ffffff').restore();
  doc.font('Helvetica').fontSize(9).fillColor('#000000');
  if (o.byWord !== false) {
    let x = A.x + 2;
    for (const w of label.split(' ')) {
      doc.text(w, x, y + 3, { lineBreak: false });
      x += doc.widthOfString(w + ' ');
    }
  } else doc.text(label, A.x + 2, y + 3, { lineBreak: false });
  doc.save().rect(B.x, y, B.w, ROW_H).fill('#ffffff').restore();
  const vx = o.valueAlign === 'left' ? B.x + 2 : B.x + B.w - 2 - doc.widthOfString(value);
  doc.fillColor('#000000').text(value, vx, y + 3, { lineBreak: false });
}

/** Three rows of a printed sheet; the second label overflows into the amount cell. */
function spreadsheet(o: SheetOptions = {}): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      const rows: Array<[string, string]> = [
        ['Staff costs', '12,345.67'],
        ['Total operating expenditure for the financial year', '98,765.43'],
        ['Rent', '4,000.00'],
      ];
      rows.forEach(([label, value], i) => cellRow(doc, 100 + i * ROW_H, label, value, o));
    },
    { info: DRIVER },
  );
}

/**
 * A forger who repaints the amount cell of the same sheet exactly on its grid and types a new
 * amount in a font of their own: the hidden amount starts inside the cell, nothing runs in from
 * the label's cell.
 */
function repaintedCell(): Promise<Uint8Array> {
  return pdfkitBytes(
    (doc) => {
      cellRow(doc, 100, 'Staff costs', '12,345.67', {});
      cellRow(doc, 114, 'Rent', '4,000.00', {});
      doc.save().rect(150, 100, B_WIDTH, ROW_H).fill('#ffffff').restore();
      doc.font('Times-Roman').fontSize(9).fillColor('#000000');
      doc.text('72,345.67', 248 - doc.widthOfString('72,345.67'), 103, { lineBreak: false });
    },
    { info: DRIVER },
  );
}

const asLayout = (f: Array<{ strength: number; summary: string; evidence: Record<string, unknown> }>) => {
  expect(f).toHaveLength(1);
  expect(f[0].strength).toBe(STRENGTH_CAP.cellOverflow);
  expect(f[0].summary).toContain('Total operating expenditure');
  expect(f[0].evidence.overflowsFrom).toBeDefined();
};

testDetector(coveredTextDetector, {
  valid: [
    {
      name: 'a sheet whose labels fit their cells',
      input: () => textContext(pdfkitBytes((doc) => cellRow(doc, 100, 'Rent', '4,000.00', {}), { info: DRIVER })),
    },
  ],
  invalid: [
    {
      name: "a label shown word by word overflowing under the next cell's background: layout, context only",
      input: () => textContext(spreadsheet()),
      reasons: ['hidden_content.covered_text'],
      check: asLayout,
    },
    {
      name: "the next cell's value set on its left: still layout",
      input: () => textContext(spreadsheet({ valueAlign: 'left' })),
      reasons: ['hidden_content.covered_text'],
      check: asLayout,
    },
    {
      name: 'a label shown in one string, most of it under the next cell: layout',
      input: () => textContext(spreadsheet({ byWord: false, labelCellWidth: 12 })),
      reasons: ['hidden_content.covered_text'],
      // Labels overflow a cell this narrow: a context finding per row whose label lies mostly under the next cell.
      check: (f) => {
        expect(f.length).toBeGreaterThanOrEqual(1);
        for (const x of f) expect(x.strength).toBe(STRENGTH_CAP.cellOverflow);
      },
    },
    {
      name: "without the label cell's own background there is no cell grid: the cover keeps its weight",
      input: () => textContext(spreadsheet({ fillLabelCell: false })),
      reasons: ['hidden_content.covered_text'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['hidden_content.covered_text']),
    },
    {
      name: 'a forger repainting an amount cell exactly on the grid and typing a new amount: decisive',
      input: () => textContext(repaintedCell()),
      reasons: ['hidden_content.covered_text_replaced'],
      check: (f) => expect(f[0].strength).toBe(STRENGTH['hidden_content.covered_text_replaced']),
    },
  ],
});
