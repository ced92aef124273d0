/**
 * Issue 30: a PDF written without any metadata (no Info, no XMP, no /ID) is what mutool, pdf-lib,
 * qpdf and PyMuPDF write when nobody sets it. A genuine invoice made that way, with nothing else
 * found, is clear; the same file with an act (a total that does not add up) is still suspicious.
 * End to end through `analyze` and `scoreAnalysis` with the generated calibration table.
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../engine/analyze.js';
import { scoreAnalysis } from '../../../engine/scoring/score.js';
import { DEFAULT_THRESHOLDS } from '../../../engine/scoring/bands.js';
import { STRENGTH } from '../../../engine/detectors/strengths.js';
import { EMPTY_EXTRACTED, type Finding } from '../../../engine/types.js';

const ITEMS: Array<[string, number, number]> = [
  ['Consulting services (hours)', 12, 85],
  ['Travel expenses', 1, 142.5],
  ['Software licence, annual', 1, 480],
];

/** An invoice drawn with pdf-lib without metadata: no Info entries, no XMP, no trailer /ID. */
async function invoicePdf(totalOffset: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const at = (text: string, x: number, y: number, f = font, size = 10) => page.drawText(text, { x, y, size, font: f });
  const right = (text: string, x: number, y: number, f = font) => at(text, x - font.widthOfTextAtSize(text, 10), y, f);
  const money = (v: number) => v.toFixed(2);
  at('Harbourside Design Ltd', 50, 780, bold, 16);
  at('12 Quay Street, Bristol BS1 4DJ', 50, 762);
  at('INVOICE', 420, 780, bold, 16);
  at('Invoice number: INV-2025-0418', 380, 750);
  at('Invoice date: 14 March 2025', 380, 736);
  at('Due date: 13 April 2025', 380, 722);
  at('Bill to: Meridian Logistics plc, 4 Dock Road, Cardiff CF10 5AB', 50, 690);
  at('Description', 50, 640, bold);
  right('Qty', 330, 640, bold);
  right('Unit price', 420, 640, bold);
  right('Amount', 520, 640, bold);
  let y = 620;
  let subtotal = 0;
  for (const [desc, qty, unit] of ITEMS) {
    const amount = qty * unit;
    subtotal += amount;
    at(desc, 50, y);
    right(String(qty), 330, y);
    right(money(unit), 420, y);
    right(money(amount), 520, y);
    y -= 18;
  }
  const vat = Math.round(subtotal * 20) / 100;
  right('Subtotal', 420, y - 10, bold);
  right(money(subtotal), 520, y - 10);
  right('VAT 20%', 420, y - 28, bold);
  right(money(vat), 520, y - 28);
  right('Total due', 420, y - 46, bold);
  right(money(subtotal + vat + totalOffset), 520, y - 46);
  return doc.save({ useObjectStreams: false });
}

const NO_METADATA = 'scrubbed_metadata.no_metadata';

async function verdictOf(bytes: Uint8Array) {
  const a = await analyze(bytes, { filename: 'invoice.pdf', now: '2025-04-01T08:00:00Z', ocr: false });
  const score = (findings: typeof a.findings) =>
    scoreAnalysis(
      { findings, document: { ...a.document, file_name: 'invoice.pdf' }, extracted: a.extracted, text: a.text },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
  return { a, v: score(a.findings), withoutNoMetadata: score(a.findings.filter((f) => f.code !== NO_METADATA)) };
}

describe('an invoice written without any metadata', () => {
  it('is clear when nothing else is found: no metadata is context on its own', async () => {
    const { a, v } = await verdictOf(await invoicePdf(0));
    // An issued document without Info or /ID: the detector's strongest grade of the reason.
    expect(a.extracted.doc_type).toBe('invoice');
    expect(a.findings.map((f) => f.code)).toEqual([NO_METADATA]);
    expect(v.decision).toBe('clear');
    const reason = v.flags.find((f) => f.code === 'scrubbed_metadata')?.reasons[0];
    expect(reason?.summary).toContain('so it is context here');
  });

  it('is still suspicious or worse when the total does not add up: the stripping corroborates the act', async () => {
    const { a, v, withoutNoMetadata } = await verdictOf(await invoicePdf(300));
    expect(a.findings.map((f) => f.code).sort()).toEqual(['arithmetic_error.invoice_total', NO_METADATA]);
    expect(['suspicious', 'fraudulent']).toContain(v.decision);
    // Beside the act the missing metadata keeps its weight and adds to the score.
    expect(v.risk_score).toBeGreaterThan(withoutNoMetadata.risk_score);
  });
});

describe('corroborating-only reasons in the scorer', () => {
  const f = (code: string, strength: number): Finding => ({
    flag: code.split('.')[0] as Finding['flag'],
    code,
    summary: code,
    pages: [],
    evidence: {},
    strength,
  });
  const score = (findings: Finding[]) =>
    scoreAnalysis(
      { findings, document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 1 }, extracted: { ...EMPTY_EXTRACTED }, text: '' },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: [], rules: [] },
    );
  const noMetadata = f(NO_METADATA, STRENGTH[NO_METADATA].noIdIssued);
  const dateOutside = f('content_inconsistency.date_outside_period', STRENGTH['content_inconsistency.date_outside_period'].far);

  it('beside a date outside the period (the lab edit behind b_scrubbed) adds weight', () => {
    expect(score([noMetadata, dateOutside]).risk_score).toBeGreaterThan(score([dateOutside]).risk_score);
    expect(score([noMetadata, dateOutside]).decision).toBe('fraudulent');
  });

  it('beside habits only (a spacing break, a late re-save) stays context', () => {
    const habits = [f('font_inconsistency.spacing_break', 0.3)];
    expect(score([noMetadata, ...habits]).risk_score).toBe(score(habits).risk_score);
  });

  it('drops the boost when the act flag is disabled by the workspace', () => {
    const v = scoreAnalysis(
      {
        findings: [noMetadata, dateOutside],
        document: { mime_type: 'application/pdf', format: 'digital_pdf', pages: 1 },
        extracted: { ...EMPTY_EXTRACTED },
        text: '',
      },
      { mode: 'normal', thresholds: DEFAULT_THRESHOLDS, disabledFlagCodes: ['content_inconsistency'], rules: [] },
    );
    expect(v.decision).toBe('clear');
  });
});
