/**
 * One amount drawn in a font family the document uses for nothing else, while its other amounts
 * are all set in another family: the value was typed over the page by another program (an
 * overlay, an editor's text box) and the document was then laundered -- re-distilled through
 * PostScript or re-exported -- so that the patch font is embedded like every other font and no
 * incremental update or editor name is left. Producers draw their figures from the same faces as
 * their text; a face reserved for one amount is not a layout.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import { fontFamily } from '../../read/pdf/text/fonts.js';
import { isRecognisedTextPage } from '../../read/pdf/text/image-only.js';
import type { TextRun } from '../../read/pdf/text/types.js';
import { describeRun, fontUses, runRegion } from './font-query.js';
import { isMathFont } from './isolated-font.js';
import { median as medianOf } from '../../kit/stats.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH } from '../strengths.js';

/** A money amount: digits with two decimals, optionally grouped and with a currency mark. */
const AMOUNT = /^[-+(]?\s*(?:[$€£¥]|[A-Z]{3})?\s*-?\d{1,3}(?:[ .,'\u00a0\u202f]?\d{3})*[.,]\d{2}\s*(?:[$€£¥]|[A-Z]{3}|CR|DR)?\)?$/u;

const THRESHOLDS = {
  maxPatchRuns: { value: 2, why: 'A patched figure is one or two runs; a face used more is part of the design.' },
  minOtherAmounts: { value: 5, why: "The document's own amounts, in other faces, that make the lone one stand out." },
  sizeTolerance: { value: 0.25, why: "A patch imitates the figures' size; a display total a quarter larger or smaller is styling." },
  minOtherChars: { value: 200, why: 'Enough text in other faces for the document to have a typeface of its own.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

export function isAmount(text: string): boolean {
  return AMOUNT.test(text.trim());
}

const EMITS = [{ flag: 'font_inconsistency', reasons: ['lone_amount_font'] }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const loneFigureFontDetector = defineDetector({
  meta: {
    id: 'fonts/lone-figure-font',
    description: 'An amount drawn in a font family used for nothing else while every other amount uses another family.',
    appliesTo: ['pdf'],
    needs: ['pages'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    // OCR'd pages have no fonts of their own; a recogniser's text drawn over a scan in the inks it
    // measured has the fonts it guessed per word.
    const pages = ctx.pages.filter((p) => p.source !== 'ocr' && !isRecognisedTextPage(p));
    const uses = [...fontUses(pages).values()].filter((u) => u.chars > 0 && !u.facts.type3 && !isMathFont(u.name));
    const families = new Map<string, number>();
    for (const u of uses) families.set(fontFamily(u.facts.baseName), (families.get(fontFamily(u.facts.baseName)) ?? 0) + 1);
    const findings: Found[] = [];
    for (const use of uses) {
      const family = fontFamily(use.facts.baseName);
      if ((families.get(family) ?? 0) > 1 || use.runs.length > T.maxPatchRuns) continue;
      const runs = use.runs.filter((r) => r.text.trim());
      if (runs.length === 0 || !runs.every((r) => isAmount(r.text))) continue;
      const others = uses.filter((u) => fontFamily(u.facts.baseName) !== family);
      const otherChars = others.reduce((n, u) => n + u.chars, 0);
      const otherAmounts = others.flatMap((u) => u.runs).filter((r) => isAmount(r.text));
      if (otherChars < T.minOtherChars || otherAmounts.length < T.minOtherAmounts) continue;
      const median = medianOf(otherAmounts.map((r) => r.size));
      // A display total in a headline size is styling; a patch imitates the figures' size.
      if (runs.some((r) => Math.abs(r.size - median) > T.sizeTolerance * median)) continue;
      findings.push(finding(runs, use.name, otherAmounts));
    }
    // Several faces each drawing one amount is a producer's habit, not one patch.
    return findings.length === 1 ? findings : [];
  },
});

function finding(runs: TextRun[], font: string, otherAmounts: TextRun[]): Found {
  const run = runs[0];
  const faces = [...new Set(otherAmounts.map((r) => r.fontName))].slice(0, 3);
  return {
    flag: 'font_inconsistency',
    code: 'font_inconsistency.lone_amount_font',
    summary: `"${run.text.trim()}" on page ${run.page} is the only text drawn in ${font}; the document's ${otherAmounts.length} other amounts use ${faces.join(', ')}.`,
    pages: [run.page],
    evidence: {
      page: run.page,
      bbox: run.bbox,
      regions: [...runs.map(runRegion), ...otherAmounts.slice(0, 3).map(runRegion)],
      fonts: [font, ...faces],
      run: describeRun(run),
      neighbours: otherAmounts.slice(0, 5).map(describeRun),
    },
    strength: STRENGTH['font_inconsistency.lone_amount_font'],
  };
}
