/**
 * TeX maths (issue 8): a pdfTeX thesis sets an index or variable digit in the maths italic font
 * (CMMI10) among roman table digits (CMR10). Typesetting, not a retyped figure. The same grid
 * with a Helvetica digit is still an isolated font.
 */
import { describe, expect, it } from 'vitest';
import { isMathFont, isolatedFontDetector } from '../../../../engine/detectors/fonts/isolated-font.js';
import type { DetectorContext } from '../../../../engine/facts/context.js';
import type { PageLayer, TextRun } from '../../../../engine/read/pdf/text/types.js';

function run(text: string, fontName: string, row: number, col: number): TextRun {
  const x = 0.2 + col * 0.15;
  const y = 0.3 + row * 0.03;
  return { page: 1, text, fontId: fontName, fontName, size: 10, bbox: [x, y, x + 0.05, y + 0.015], baseline: 792 * (1 - y - 0.015) };
}

function grid(odd: string, body = 'ABCDEF+CMR10'): DetectorContext {
  const runs: TextRun[] = [];
  for (let r = 0; r < 5; r++) for (let c = 0; c < 4; c++) runs.push(run(`${r}${c}.5`, r === 2 && c === 1 ? odd : body, r, c));
  const page: PageLayer = { page: 1, width: 612, height: 792, runs, text: runs.map((x) => x.text).join(' '), imageCoverage: 0 };
  return {
    bytes: new Uint8Array(),
    mime: 'application/pdf',
    options: {},
    now: new Date('2024-04-01T00:00:00Z'),
    pdf: null,
    revisions: [],
    pages: [page],
  } as unknown as DetectorContext;
}

describe('TeX maths digits', () => {
  it('knows maths fonts by name, subset tag or not', () => {
    for (const f of ['ABCDEF+CMMI10', 'CMSY7', 'XYZABC+LMMathItalic10-Regular', 'MSBM10', 'STIXTwoMath-Regular', 'CambriaMath', 'txmi'])
      expect(isMathFont(f), f).toBe(true);
    for (const f of ['ABCDEF+CMR10', 'Helvetica', 'ArialMT', 'TimesNewRomanPS-ItalicMT', 'LMRoman10-Regular']) expect(isMathFont(f), f).toBe(false);
  });
  it('a maths-italic digit among roman digits is typesetting', async () => {
    expect(await isolatedFontDetector.run(grid('GHIJKL+CMMI10'))).toEqual([]);
  });
  it("an emphasised digit in its family's italic, bold, small caps or re-encoded copy is typesetting", async () => {
    // makebox (cm-super), amsldoc (CM), pgfopts (TeX Palladio), eskd (dvips re-encoded Arial).
    const cases: Array<[string, string]> = [
      ['ABCDEF+SFRM0900', 'GHIJKL+SFTI0900'],
      ['ABCDEF+CMR7', 'GHIJKL+CMBX7'],
      ['ABCDEF+TeXPalladioL-SC', 'GHIJKL+TeXPalladioL-ItalicOsF'],
      ['ABCDEF+ArialMT-Regular~29', 'GHIJKL+ArialMT-Regular~2c'],
      // fontawesome.pdf's index (LuaTeX): a 9 pt italic page number in LM Mono, whose italic is
      // cut at 10 pt only, beside the LMMono9 page numbers.
      ['XCAHWC+LMMono9-Regular', 'HWBFUT+LMMono10-Italic'],
      ['ABCDEF+LMRoman12-Regular', 'GHIJKL+LMRoman10-Bold'],
    ];
    for (const [body, odd] of cases) expect(await isolatedFontDetector.run(grid(odd, body)), odd).toEqual([]);
  });
  it("a formula's digit in the maths roman font right after a maths relation sign is typesetting", async () => {
    // yathesis-fr.pdf: "(⩾ 0)" in a Libertine changelog, the "0" in CMR9 after MSAM10's "⩾",
    // standing in the column of the changelog's page references.
    const withSign = (sign: string): DetectorContext => {
      const ctx = grid('LJAJFM+CMR9', 'RFTVSO+LinLibertineT');
      const page = ctx.pages[0];
      const odd = page.runs.find((r) => r.fontName === 'LJAJFM+CMR9')!;
      page.runs.push({
        ...odd,
        text: sign,
        fontName: sign === '⩾' ? 'BGDXOB+MSAM10' : 'RFTVSO+LinLibertineT',
        fontId: 'sign',
        bbox: [odd.bbox[0] - 0.02, odd.bbox[1], odd.bbox[0] - 0.004, odd.bbox[3]],
      });
      return ctx;
    };
    expect(await isolatedFontDetector.run(withSign('⩾'))).toEqual([]);
    expect((await isolatedFontDetector.run(withSign('('))).map((x) => x.code)).toContain('font_inconsistency.isolated_font');
  });
  it('a Helvetica digit among roman digits is still isolated', async () => {
    const f = await isolatedFontDetector.run(grid('Helvetica'));
    expect(f.map((x) => x.code)).toContain('font_inconsistency.isolated_font');
  });
  it('a digit in another Latin Modern family (sans among mono) or in Courier among LMMono9 is still isolated', async () => {
    for (const odd of ['GHIJKL+LMSans9-Regular', 'GHIJKL+CourierNewPSMT']) {
      const f = await isolatedFontDetector.run(grid(odd, 'XCAHWC+LMMono9-Regular'));
      expect(
        f.map((x) => x.code),
        odd,
      ).toContain('font_inconsistency.isolated_font');
    }
  });
});

describe('two-column pages typeset on their own grids', () => {
  // An index: the left column's page numbers share one baseline; the right column's entry and
  // its page numbers sit 0.8pt higher, on a line of their own.
  function indexPage(withEntry: boolean): DetectorContext {
    const mk = (text: string, font: string, x: number, baseline: number): TextRun => ({
      page: 1,
      text,
      fontId: font,
      fontName: font,
      size: 10,
      bbox: [x, 1 - (baseline + 8) / 792, x + 0.06, 1 - baseline / 792],
      baseline,
    });
    const runs: TextRun[] = [];
    for (let r = 0; r < 6; r++) {
      const b = 600 - r * 12;
      runs.push(mk(`${11 + r}, ${40 + r}`, 'CMR10', 0.1, b), mk(`${60 + r}`, 'CMR10', 0.2, b), mk(`${70 + r}`, 'CMR10', 0.3, b));
      runs.push(mk(`${81 + r}, ${135 + r}`, 'CMR10', 0.75, b + (r === 2 ? 0.8 : 0)));
      if (withEntry) runs.push(mk('entry name,', 'CMTI10', 0.68, b + (r === 2 ? 0.8 : 0)));
    }
    const page: PageLayer = { page: 1, width: 612, height: 792, runs, text: runs.map((x) => x.text).join(' '), imageCoverage: 0 };
    return {
      bytes: new Uint8Array(),
      mime: 'application/pdf',
      options: {},
      now: new Date('2024-04-01T00:00:00Z'),
      pdf: null,
      revisions: [],
      pages: [page],
    } as unknown as DetectorContext;
  }
  it("page numbers on the right column's own baseline are no baseline shift", async () => {
    const f = await isolatedFontDetector.run(indexPage(true));
    expect(f.filter((x) => x.code === 'font_inconsistency.baseline_shift')).toEqual([]);
  });
  it('a continuation line of page numbers in a column set on its own grid is no baseline shift', async () => {
    // hyperxmp's three-column index: the third column sits 0.9pt above the first column's lines,
    // and a wrapped list of page numbers stands alone on its line.
    const mk = (text: string, font: string, x: number, baseline: number): TextRun => ({
      page: 1,
      text,
      fontId: font,
      fontName: font,
      size: 9,
      bbox: [x, 1 - (baseline + 7) / 792, x + 0.06, 1 - baseline / 792],
      baseline,
    });
    const runs: TextRun[] = [];
    for (let r = 0; r < 6; r++) {
      const b = 600 - r * 11;
      runs.push(mk(`${11 + r},`, 'CMR9', 0.1, b), mk(`${60 + r},`, 'CMR9', 0.17, b), mk(`${70 + r}`, 'CMR9', 0.24, b));
      if (r === 2) runs.push(mk('324, 617, 1582', 'CMR9', 0.72, b + 0.9));
      else runs.push(mk('\\@pdfissuenum', 'CMTT9', 0.62, b + 0.9), mk(`${171 + r}, ${200 + r}`, 'CMR9', 0.72, b + 0.9));
    }
    const page: PageLayer = { page: 1, width: 612, height: 792, runs, text: runs.map((x) => x.text).join(' '), imageCoverage: 0 };
    const ctx = {
      bytes: new Uint8Array(),
      mime: 'application/pdf',
      options: {},
      now: new Date('2024-04-01T00:00:00Z'),
      pdf: null,
      revisions: [],
      pages: [page],
    } as unknown as DetectorContext;
    const f = await isolatedFontDetector.run(ctx);
    expect(f.filter((x) => x.code === 'font_inconsistency.baseline_shift')).toEqual([]);
  });
  it('the same figure alone off the row baseline is still a shift', async () => {
    const f = await isolatedFontDetector.run(indexPage(false));
    expect(f.map((x) => x.code)).toContain('font_inconsistency.baseline_shift');
  });
});
