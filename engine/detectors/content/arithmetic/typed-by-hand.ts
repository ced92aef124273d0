/**
 * Figures an issuing system prints (core banking, payroll, invoicing software) are computed: a
 * total that does not add up there is an alteration. Figures a person typed into a word
 * processor or spreadsheet can be wrong by a slip of the hand: there the arithmetic alone shows
 * the page is wrong, not that it was changed, and weighs no more than "suspicious" until a trace
 * of the change (fonts, revisions, covered text, pixels) corroborates it.
 */
import type { DetectorContext } from '../../../facts/context.js';
import { classifySoftware } from '../../../read/metadata/producers.js';
import type { ArithmeticFinding } from './emits.js';
import { STRENGTH_CAP } from '../../strengths.js';

/** Suspicious, short of decisive (docs/scoring.md: 0.85 and above is decisive on its own). */
export const HAND_TYPED_MAX = STRENGTH_CAP.typedByHand;

/** Word's own export and Acrobat's PDFMaker title the file after the document: "Microsoft Word - x.docx". */
const OFFICE_TITLE = /^microsoft (?:word|excel|powerpoint) - /i;

/** The office product that authored the document, from Info and XMP; null when none did. */
export function officeAuthor(ctx: DetectorContext): string | null {
  const m = ctx.facts.now('metadata');
  if (!m?.readable) return null;
  const names = [m.info?.Creator, m.info?.Producer, m.xmp?.creatorTool, m.xmp?.producer];
  for (const name of names) {
    const c = classifySoftware(name);
    if (c.kind === 'office_suite') return c.product;
  }
  const title = m.info?.Title;
  return title && OFFICE_TITLE.test(title.trim()) ? title.trim().split(' - ')[0] : null;
}

export function asHandTyped(findings: ArithmeticFinding[], author: string | null): ArithmeticFinding[] {
  if (!author) return findings;
  return findings.map((f) =>
    f.strength <= HAND_TYPED_MAX
      ? f
      : {
          ...f,
          summary: `${f.summary} The document was typed in ${author}, where a figure can be wrong by a slip of the hand: the arithmetic shows the page is wrong, not by itself that it was changed.`,
          evidence: { ...f.evidence, authoredIn: author },
          strength: HAND_TYPED_MAX,
        },
  );
}
