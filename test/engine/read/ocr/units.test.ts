/** OCR plumbing without running tesseract: word boxes to runs, page choice, the confidence guard. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'tesseract.js';
import { isUncertainOcrFinding, pagesToOcr, withoutUncertainOcrFindings } from '../../../../engine/read/ocr/index.js';
import { prepareForOcr, scaleFor } from '../../../../engine/read/ocr/prepare.js';
import { ocrPageLayer } from '../../../../engine/read/ocr/words.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';
import type { Finding } from '../../../../engine/types.js';

function word(text: string, x0: number, x1: number, confidence = 95) {
  return { text, confidence, bbox: { x0, y0: 105, x1, y1: 125 }, symbols: [], choices: [], font_name: '' };
}

function tesseractPage(words: ReturnType<typeof word>[]): Page {
  const line = {
    words,
    text: words.map((w) => w.text).join(' '),
    confidence: 90,
    bbox: { x0: 100, y0: 100, x1: 900, y1: 130 },
    baseline: { x0: 100, y0: 124, x1: 900, y1: 124 },
    rowAttributes: { ascenders: 5, descenders: 5, rowHeight: 30 },
  };
  return { blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Page;
}

describe('ocrPageLayer', () => {
  const geo = { page: 2, width: 500, height: 700, imageWidth: 1000, imageHeight: 1400 };

  it('turns words into runs with page-fraction boxes, line height as size and confidence kept', () => {
    const layer = ocrPageLayer(tesseractPage([word('Balance', 100, 240), word('1,204.80', 700, 860, 62)]), geo);
    expect(layer.source).toBe('ocr');
    expect(layer.page).toBe(2);
    expect(layer.runs).toHaveLength(2);
    const [label, amount] = layer.runs;
    expect(label.fontName).toBe('ocr');
    expect(label.bbox).toEqual([0.1, 100 / 1400, 0.24, 130 / 1400].map((v) => Math.round(v * 10_000) / 10_000));
    // 30 px of a 1400 px image on a 700-unit page is 15 units of line, 12.5 units of font.
    expect(label.size).toBeCloseTo(12.5, 1);
    expect(label.baseline).toBeCloseTo(700 - 62, 1);
    expect(amount.confidence).toBe(62);
    expect(layer.text).toBe('Balance  1,204.80');
  });

  it('places words read from the sheet of a photo on the whole picture', () => {
    // The prepared image shows the region x 0.2-0.8, y 0.1-0.9 of the picture.
    const layer = ocrPageLayer(tesseractPage([word('Balance', 100, 240)]), { ...geo, crop: [0.2, 0.1, 0.8, 0.9] });
    const [x0, y0, x1, y1] = layer.runs[0].bbox;
    expect(x0).toBeCloseTo(0.2 + 0.1 * 0.6, 4);
    expect(x1).toBeCloseTo(0.2 + 0.24 * 0.6, 4);
    expect(y0).toBeCloseTo(0.1 + (100 / 1400) * 0.8, 4);
    expect(y1).toBeCloseTo(0.1 + (130 / 1400) * 0.8, 4);
    // The line is 0.8 times as tall on the page as on the prepared image.
    expect(layer.runs[0].size).toBeCloseTo(12.5 * 0.8, 1);
    expect(layer.runs[0].baseline).toBeCloseTo(700 * (1 - (0.1 + (124 / 1400) * 0.8)), 1);
  });

  it('drops specks and rules read as text but keeps uncertain figures for the guard', () => {
    const layer = ocrPageLayer(tesseractPage([word('|', 50, 55, 20), word('—~—', 60, 90, 80), word('Tesco', 100, 180, 20), word('45.20', 700, 780, 20)]), geo);
    expect(layer.runs.map((r) => r.text)).toEqual(['45.20']);
  });

  it('drops a tilde a rule or speck glued to the front of a figure, and keeps a minus', () => {
    const layer = ocrPageLayer(tesseractPage([word('Gross', 100, 180), word('~4,236.09', 700, 860), word('-12.00', 870, 900), word('~approx', 910, 990)]), geo);
    expect(layer.runs.map((r) => r.text)).toEqual(['Gross', '4,236.09', '-12.00', '~approx']);
  });

  it('keeps the PDF page facts when it replaces a scanned page', () => {
    const base: PageLayer = { page: 2, width: 500, height: 700, runs: [], text: '', imageCoverage: 0.98, imageOnly: true, paint: [] };
    const layer = ocrPageLayer(tesseractPage([word('Total', 100, 200)]), geo, base);
    expect(layer.imageCoverage).toBe(0.98);
    expect(layer.imageOnly).toBe(true);
    expect(layer.paint).toEqual([]);
  });
});

describe('pagesToOcr', () => {
  const page = (n: number, over: Partial<PageLayer>): PageLayer => ({
    page: n,
    width: 595,
    height: 842,
    runs: [],
    text: '',
    imageCoverage: 1,
    imageOnly: true,
    ...over,
  });
  const run = (text: string): TextRun => ({ page: 1, text, fontId: 'f', fontName: 'GlyphLessFont', size: 10, bbox: [0, 0, 0.5, 0.01], baseline: 800 });

  it('reads scanned pages without text, skips digital pages and scans with an invisible OCR layer', () => {
    const pages = [
      page(1, {}),
      page(2, { imageOnly: false, imageCoverage: 0, runs: [run('Invoice total 12.00')] }),
      page(3, { runs: [run('Statement of account for March')] }),
      page(4, {}),
    ];
    expect(pagesToOcr(pages, 10)).toEqual([1, 4]);
  });

  it('stops at the page cap', () => {
    const pages = [1, 2, 3, 4].map((n) => page(n, {}));
    // First and last pages first: totals and closing balances are printed on the last page.
    expect(pagesToOcr(pages, 2)).toEqual([1, 4]);
    expect(pagesToOcr(pages, 4)).toEqual([1, 4, 2, 3]);
    expect(pagesToOcr(pages, 0)).toEqual([]);
  });
});

describe('prepare scale', () => {
  it('upscales small pictures (bounded) and downscales huge ones', () => {
    expect(scaleFor(400)).toBe(2.5);
    expect(scaleFor(800)).toBe(2);
    expect(scaleFor(4000)).toBe(0.4);
  });
});

describe('prepared image', () => {
  it('is a grey PGM of the prepared size, with the source resolution only when tesseract would trust it', async () => {
    const sharp = (await import('sharp')).default;
    const page = (density: number) =>
      sharp({ create: { width: 800, height: 600, channels: 3, background: '#f0f0f0' } })
        .withMetadata({ density })
        .png()
        .toBuffer();
    const at300 = await prepareForOcr(await page(300));
    expect([at300.width, at300.height, at300.dpi]).toEqual([1600, 1200, 300]);
    const header = Buffer.from('P5\n1600 1200\n255\n');
    expect(at300.image.subarray(0, header.length).equals(header)).toBe(true);
    expect(at300.image.length).toBe(header.length + 1600 * 1200);
    expect((await prepareForOcr(await page(30))).dpi).toBeUndefined();
  });
});

describe('prepared sheet of a photo', () => {
  it('cuts the sheet out before scaling: the sheet, not the frame, gets the reading width', async () => {
    const sharp = (await import('sharp')).default;
    const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#605040' } })
      .jpeg()
      .toBuffer();
    const sheet = await prepareForOcr(photo, { left: 700, top: 100, width: 1600, height: 1800 });
    expect([sheet.width, sheet.height]).toEqual([1600, 1800]);
    expect(sheet.scale).toBe(1);
    const whole = await prepareForOcr(photo);
    expect([whole.width, whole.height]).toEqual([1600, 1067]);
  });

  it('cuts the sheet from the full-resolution decode it is given, to the same pixels as decoding the file again', async () => {
    const sharp = (await import('sharp')).default;
    // A textured, sideways-stored photo: orientation and every pixel value must come out the same.
    const raw = Buffer.alloc(2400 * 1800 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919) % 251;
    const photo = await sharp(raw, { raw: { width: 2400, height: 1800, channels: 3 } })
      .jpeg({ quality: 80 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const full = await sharp(photo).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
    expect([full.info.width, full.info.height]).toEqual([1800, 2400]);
    let asked = 0;
    const decoded = () => {
      asked++;
      return Promise.resolve({ data: new Uint8Array(full.data), width: full.info.width, height: full.info.height });
    };
    const crop = { left: 150, top: 200, width: 1500, height: 2000 };
    const fromDecode = await prepareForOcr(photo, crop, decoded);
    const fromFile = await prepareForOcr(photo, crop);
    expect(asked).toBe(1);
    expect(fromDecode.image.equals(fromFile.image)).toBe(true);
    expect({ ...fromDecode, image: null }).toEqual({ ...fromFile, image: null });
    // Without a sheet to cut, the file's own (shrink-on-load) pipeline reads it: the decode is not asked for.
    await prepareForOcr(photo, undefined, decoded);
    expect(asked).toBe(1);
  });
});

describe('uncertain OCR figures', () => {
  const ocrRun = (text: string, bbox: [number, number, number, number], confidence: number): TextRun => ({
    page: 1,
    text,
    fontId: 'ocr',
    fontName: 'ocr',
    size: 10,
    bbox,
    baseline: 0,
    confidence,
  });
  const ocrPage = (runs: TextRun[]): PageLayer => ({ page: 1, width: 1000, height: 1400, runs, text: '', imageCoverage: 1, source: 'ocr' });
  const finding = (flag: Finding['flag'], bbox: [number, number, number, number]): Finding => ({
    flag,
    code: `${flag}.x`,
    summary: 'test finding summary',
    pages: [1],
    evidence: { page: 1, bbox },
    strength: 0.9,
  });
  const row = (y: number): [number, number, number, number] => [0.05, y, 0.95, y + 0.02];

  it('drops an arithmetic finding when any figure on its OCR page is uncertain', () => {
    const pages = [ocrPage([ocrRun('1,204.80', [0.8, 0.3, 0.9, 0.32], 95), ocrRun('45.2O', [0.6, 0.5, 0.7, 0.52], 41)])];
    expect(isUncertainOcrFinding(finding('arithmetic_error', row(0.3)), pages)).toBe(true);
  });

  it('keeps an arithmetic finding when the only uncertain figures cannot enter a sum (account number, page range, date)', () => {
    const pages = [
      ocrPage([
        ocrRun('1,204.80', [0.8, 0.3, 0.9, 0.32], 95),
        ocrRun('64521819', [0.6, 0.1, 0.7, 0.12], 49),
        ocrRun('1-31', [0.6, 0.12, 0.7, 0.14], 60),
        ocrRun('25.06.2024', [0.6, 0.14, 0.7, 0.16], 50),
      ]),
    ];
    expect(isUncertainOcrFinding(finding('arithmetic_error', row(0.3)), pages)).toBe(false);
    const misread = [ocrPage([ocrRun('4.41443', [0.8, 0.5, 0.9, 0.52], 0)])];
    expect(isUncertainOcrFinding(finding('arithmetic_error', row(0.3)), misread)).toBe(true);
  });

  it('an uncertain quantity vetoes item checks only', () => {
    const pages = [ocrPage([ocrRun('1,204.80', [0.8, 0.3, 0.9, 0.32], 95), ocrRun('11', [0.5, 0.4, 0.55, 0.42], 60)])];
    const item: Finding = { ...finding('arithmetic_error', row(0.3)), code: 'arithmetic_error.line_item' };
    const balance: Finding = { ...finding('arithmetic_error', row(0.3)), code: 'arithmetic_error.running_balance' };
    expect(isUncertainOcrFinding(item, pages)).toBe(true);
    expect(isUncertainOcrFinding(balance, pages)).toBe(false);
  });

  it('keeps an arithmetic finding whose page figures were read confidently', () => {
    const pages = [ocrPage([ocrRun('1,204.80', [0.8, 0.3, 0.9, 0.32], 95), ocrRun('Tesco', [0.2, 0.5, 0.3, 0.52], 40)])];
    expect(isUncertainOcrFinding(finding('arithmetic_error', row(0.3)), pages)).toBe(false);
  });

  it('with operand lines, only doubtful figures between them veto an arithmetic finding', () => {
    const withOperands = (rows: Array<[number, number, number, number]>): Finding => ({
      ...finding('arithmetic_error', rows[rows.length - 1]),
      evidence: { page: 1, bbox: rows[rows.length - 1], operands: rows.map((bbox) => ({ page: 1, bbox })) },
    });
    const f = withOperands([row(0.3), row(0.4)]);
    // A doubtful amount far below the lines added up cannot change their sum.
    expect(isUncertainOcrFinding(f, [ocrPage([ocrRun('45.2O', [0.6, 0.8, 0.7, 0.82], 41)])])).toBe(false);
    // One between them can (a row whose amount was misread), and so can a doubtful date there.
    expect(isUncertainOcrFinding(f, [ocrPage([ocrRun('45.2O', [0.6, 0.35, 0.7, 0.37], 41)])])).toBe(true);
    expect(isUncertainOcrFinding(f, [ocrPage([ocrRun('12/03/2024', [0.1, 0.35, 0.2, 0.37], 50)])])).toBe(true);
    // A signed or currency-marked figure without its decimal mark is misread however confident.
    expect(isUncertainOcrFinding(f, [ocrPage([ocrRun('2285€', [0.6, 0.41, 0.7, 0.42], 81)])])).toBe(true);
    expect(isUncertainOcrFinding(f, [ocrPage([ocrRun('48977', [0.6, 0.41, 0.7, 0.42], 96)])])).toBe(false);
  });

  it('drops other content findings only when an uncertain figure lies under their evidence', () => {
    const pages = [ocrPage([ocrRun('GB82WEST1234', [0.1, 0.2, 0.4, 0.22], 50)])];
    expect(isUncertainOcrFinding(finding('identifier_invalid', row(0.2)), pages)).toBe(true);
    expect(isUncertainOcrFinding(finding('identifier_invalid', row(0.6)), pages)).toBe(false);
  });

  it('leaves findings on PDF text and non-content findings alone', () => {
    const pdfPage: PageLayer = { ...ocrPage([ocrRun('45.2O', [0.1, 0.2, 0.4, 0.22], 10)]), source: undefined };
    const noise = finding('arithmetic_error', row(0.2));
    expect(withoutUncertainOcrFindings([noise], [pdfPage])).toEqual([noise]);
    const pages = [ocrPage([ocrRun('45.2O', [0.1, 0.2, 0.4, 0.22], 10)])];
    expect(isUncertainOcrFinding(finding('image_manipulation', row(0.2)), pages)).toBe(false);
  });
});
