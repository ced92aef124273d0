/**
 * Text that is in the file but that a reader cannot see: invisible render mode, the colour of
 * whatever is behind it, clipped away, placed off the page, or on an optional-content layer that
 * is switched off. Invisible text over a picture is how OCR'd scans carry their text layer and
 * is left alone.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import { coveredFraction, intersect, union } from '../../kit/boxes.js';
import type { PaintOp, TextPaint } from '../../read/pdf/text/types.js';
import type { BBox } from '../../types.js';
import { Backdrop, colorDistance, meaningful, regionOf, SAME_COLOUR, truncate, words } from '../../read/pdf/text/paint-query.js';
import { layersRevealable } from '../../read/pdf/structure/revealable-layers.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH, STRENGTH_CAP } from '../strengths.js';
import { runningMarks, type RunningMark } from './running-marks.js';

type Reason = 'invisible_text' | 'text_matches_background' | 'clipped_text' | 'off_page_text' | 'hidden_layer_text';

const THRESHOLDS = {
  margin: { value: 0.1, why: 'Producers stamp invisible credits in the page margins ("Powered by ...").' },
  samePlace: { value: 0.02, why: 'The same words within this (page fraction) of a visible copy are shown there: a slide build or a print/screen variant.' },
  ocrOverPicture: { value: 0.5, why: 'Invisible text half over a picture is an OCR layer over a scan of the same words.' },
  clippedVisible: { value: 0.1, why: 'Text with less than this share inside its clip shows nothing of itself.' },
  maxInvisibleAlpha: { value: 0.05, why: 'Text this transparent cannot be seen on any background.' },
  discScale: { value: 1.5, why: 'A disc glyph under a callout number is at least this much larger than the number.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

const DESCRIBE: Record<Reason, string> = {
  invisible_text: 'is drawn in invisible render mode',
  text_matches_background: 'is drawn in the same colour as what is behind it',
  clipped_text: 'is clipped away so that none of it shows',
  off_page_text: 'is placed outside the visible page',
  hidden_layer_text: 'sits on a layer (optional content) that is switched off',
};

const EMITS = [{ flag: 'hidden_content', reasons: Object.keys(DESCRIBE) }] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const invisibleTextDetector = defineDetector({
  meta: {
    id: 'overlays/invisible-text',
    description: 'Text present in the file but not visible: invisible mode, same colour as background, clipped, off-page or on a hidden layer.',
    appliesTo: ['pdf'],
    needs: ['pages', 'pdfFile'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const findings: Found[] = [];
    const offPage: TextPaint[] = [];
    // Slides build up over several pages (beamer overlays, presentation handouts): an item
    // drawn in the background colour or on a switched-off layer on one page is shown at the
    // same place on another. The reader sees it there; nothing is hidden from them.
    const hidden: Array<{ page: number; op: TextPaint; reason: Reason }> = [];
    const shown = new Map<string, Array<{ page: number; bbox: BBox }>>();
    for (const page of ctx.pages) {
      if (!page.paint || page.imageOnly) continue;
      const images = page.paint.filter((op) => op.kind === 'image' && !op.hiddenByLayer);
      const backdrop = new Backdrop(page.paint);
      const texts = page.paint.filter((op): op is TextPaint => op.kind === 'text');
      for (const op of texts) {
        if (!meaningful(op.text) || op.annotation) continue;
        let reason = hiddenReason(op, images, backdrop);
        if (reason === 'text_matches_background' && (spillsFromPanel(op, texts, backdrop, page.width / page.height) || onDisc(op, texts))) reason = null;
        if (reason) hidden.push({ page: page.page, op, reason });
        else {
          const key = words(op.text);
          const list = shown.get(key) ?? [];
          if (list.length < 50) list.push({ page: page.page, bbox: op.bbox });
          shown.set(key, list);
        }
      }
    }
    // The same words visible at the same place (another page of a slide build, or this page: a
    // print-only or screen-only variant of visible text) hide nothing from the reader.
    const shownElsewhere = (_page: number, op: TextPaint) =>
      (shown.get(words(op.text)) ?? []).some((s) => Math.abs(s.bbox[0] - op.bbox[0]) <= T.samePlace && Math.abs(s.bbox[1] - op.bbox[1]) <= T.samePlace);
    const byPage = new Map<number, Map<Reason, TextPaint[]>>();
    const { marks } = runningMarks(hidden.filter((h) => h.reason !== 'off_page_text' && !shownElsewhere(h.page, h.op)));
    for (const mark of marks) findings.push(runningMarkFinding(mark));
    const inMarks = new Set(marks.flatMap((m) => m.marks.map((h) => h.op)));
    for (const { page, op, reason } of hidden) {
      if (inMarks.has(op)) continue;
      if (reason === 'off_page_text') {
        offPage.push({ ...op, page } as TextPaint & { page: number });
        continue;
      }
      if (shownElsewhere(page, op)) continue;
      const byReason = byPage.get(page) ?? new Map<Reason, TextPaint[]>();
      byPage.set(page, byReason);
      const list = byReason.get(reason) ?? [];
      list.push(op);
      byReason.set(reason, list);
    }
    let revealable: ReturnType<typeof layersRevealable> | undefined;
    for (const [page, byReason] of byPage) {
      for (const [reason, ops] of byReason) {
        const finding = toFinding(page, reason, ops);
        if (reason === 'hidden_layer_text') {
          const file = ctx.facts.now('pdfFile');
          revealable ??= file ? layersRevealable(file) : null;
          if (revealable) findings.push(onDemand(finding, revealable));
          else findings.push(finding);
        } else findings.push(finding);
      }
    }
    // Text past the page edge is common in genuine files (line numbers, print marks): one note per document.
    if (offPage.length) findings.push(offPageFinding(offPage as Array<TextPaint & { page: number }>));
    return findings;
  },
});

function hiddenReason(op: TextPaint, images: PaintOp[], backdrop: Backdrop): Reason | null {
  if (op.hiddenByLayer) return 'hidden_layer_text';
  if (op.renderMode === 3 || op.renderMode === 7) {
    // An OCR layer: invisible text laid over a picture of the same words.
    const overPicture = images.some((img) => coveredFraction(op.bbox, img.bbox) >= T.ocrOverPicture);
    const credit = !/\d/.test(op.text) && (op.bbox[3] <= T.margin || op.bbox[1] >= 1 - T.margin);
    return overPicture || credit ? null : 'invisible_text';
  }
  if (!intersect(op.bbox, [0, 0, 1, 1])) return 'off_page_text';
  // An imported graphic or page cropped to a window (\includegraphics with trim and clip, pdfpages,
  // a cropped figure) leaves the rest of its text outside the window: that is a crop, not hiding.
  if (op.clip && coveredFraction(op.bbox, op.clip) < T.clippedVisible) return op.inForm ? null : 'clipped_text';
  if (op.alpha <= T.maxInvisibleAlpha) return 'invisible_text';
  if (backdrop.hides(op)) return 'text_matches_background';
  return null;
}

/**
 * Light text written for a dark panel (a code listing, a terminal box) that runs on past the
 * panel's edge: an overfull line, shown where it starts. Its line, followed leftwards through
 * close neighbours, reaches text standing on a background it contrasts with. A hiding writer
 * puts text on the page colour, not at the end of a line that starts on a panel.
 */
function spillsFromPanel(op: TextPaint, texts: TextPaint[], backdrop: Backdrop, aspect: number): boolean {
  const h = op.bbox[3] - op.bbox[1];
  const cy = (op.bbox[1] + op.bbox[3]) / 2;
  const maxGap = (2 * h) / aspect; // two line heights, as a fraction of the page width
  const line = texts
    .filter((t) => t !== op && t.seq < op.seq && Math.abs((t.bbox[1] + t.bbox[3]) / 2 - cy) <= 0.3 * h && t.bbox[2] <= op.bbox[0] + h / aspect)
    .sort((a, b) => b.bbox[2] - a.bbox[2]);
  let left = op.bbox[0];
  for (const t of line) {
    if (left - t.bbox[2] > maxGap) break;
    const d = colorDistance(op.fill, backdrop.behind(t));
    if (d !== null && d > SAME_COLOUR) return true;
    left = Math.min(left, t.bbox[0]);
  }
  return false;
}

/**
 * A callout or circled number: a light digit set small on a large dark glyph drawn just before
 * it (a dingbat disc, DocBook's callouts, \ding in LaTeX). The glyph is its backdrop, so the
 * number shows; the paint list knows text boxes, not glyph ink, so the two need only overlap.
 */
function onDisc(op: TextPaint, texts: readonly TextPaint[]): boolean {
  return texts.some((t) => {
    if (t.seq >= op.seq || t.seq < op.seq - 3 || t.renderMode === 3 || t.size < T.discScale * op.size) return false;
    const d = colorDistance(op.fill, t.fill);
    return d !== null && d > SAME_COLOUR && coveredFraction(op.bbox, t.bbox) >= 0.4;
  });
}

function toFinding(pageNo: number, reason: Reason, ops: TextPaint[]): Found {
  const text = truncate(ops.map((o) => o.text).join(' '), 160);
  const boxes: BBox[] = ops.map((o) => o.bbox);
  const chars = ops.reduce((n, o) => n + o.text.replace(/\s/g, '').length, 0);
  return {
    flag: 'hidden_content',
    code: `hidden_content.${reason}`,
    summary: `Text on page ${pageNo} ${DESCRIBE[reason]}: "${truncate(text, 80)}".`,
    pages: [pageNo],
    evidence: {
      page: pageNo,
      bbox: boxes.reduce(union),
      regions: boxes.slice(0, 8).map((b) => regionOf(pageNo, b, 'hidden text')),
      text,
      characters: chars,
    },
    strength: STRENGTH[`hidden_content.${reason}`][/\d/.test(text) ? 'figures' : 'words'],
  };
}

/** One note per running mark: the same hidden line at one place on many pages is the layout's. */
function runningMarkFinding(mark: RunningMark<Reason>): Found {
  const first = toFinding(
    mark.pages[0],
    mark.reason,
    mark.marks.filter((h) => h.page === mark.pages[0]).map((h) => h.op),
  );
  const shown = mark.pages.length > 8 ? `${mark.pages.slice(0, 8).join(', ')}, …` : mark.pages.join(', ');
  return {
    ...first,
    summary: `The same hidden line, but for its figures, ${DESCRIBE[mark.reason]} at the same place on pages ${shown}: "${truncate(first.evidence.text as string, 80)}". A running mark of the layout (a production slug or job ticket), context only.`,
    pages: mark.pages,
    evidence: { ...first.evidence, runningOnPages: mark.pages },
    strength: Math.min(first.strength, STRENGTH_CAP.runningMark),
  };
}

function offPageFinding(ops: Array<TextPaint & { page: number }>): Found {
  const pages = [...new Set(ops.map((o) => o.page))].sort((a, b) => a - b);
  const text = truncate(
    ops
      .slice(0, 20)
      .map((o) => o.text)
      .join(' '),
    160,
  );
  return {
    flag: 'hidden_content',
    code: 'hidden_content.off_page_text',
    summary: `Text is placed outside the visible page on ${pages.length === 1 ? `page ${pages[0]}` : `${pages.length} pages`}: "${truncate(text, 80)}".`,
    pages,
    evidence: { page: pages[0], text, pagesAffected: pages.length, characters: ops.reduce((n, o) => n + o.text.replace(/\s/g, '').length, 0) },
    strength: STRENGTH['hidden_content.off_page_text'][/\d/.test(text) && pages.length === 1 ? 'figures' : 'words'],
  };
}

/**
 * A layer the document itself shows on demand (print/view/export auto-states, or links and
 * buttons that switch it on) is content by design: reported as context so a reviewer can see it,
 * never a verdict on its own.
 */
function onDemand(finding: Found, revealable: NonNullable<ReturnType<typeof layersRevealable>>): Found {
  const how =
    revealable.how === 'auto_state'
      ? 'the document switches its layers with viewing, printing or export (/OCProperties /D /AS)'
      : `links or buttons switch layers on (SetOCGState action, object ${revealable.object})`;
  return {
    ...finding,
    summary: `${finding.summary} The layer is shown on demand: ${how}.`,
    evidence: { ...finding.evidence, shown_on_demand: revealable.how },
    strength: STRENGTH['hidden_content.hidden_layer_text'].shownOnDemand,
  };
}
