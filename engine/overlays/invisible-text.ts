/**
 * Text that is in the file but that a reader cannot see: invisible render mode, the colour of
 * whatever is behind it, clipped away, placed off the page, or on an optional-content layer that
 * is switched off. Invisible text over a picture is how OCR'd scans carry their text layer and
 * is left alone.
 */
import { defineDetector } from '../detect/types.js';
import type { DetectorContext } from '../context.js';
import { coveredFraction, intersect, union } from '../pdf/text/box.js';
import type { PageLayer, PaintOp, TextPaint } from '../pdf/text/types.js';
import type { BBox, Finding } from '../types.js';
import { colorDistance, isOpaqueCover, meaningful, regionOf, truncate, visibleBox } from './paint-query.js';

type Reason = 'invisible_text' | 'text_matches_background' | 'clipped_text' | 'off_page_text' | 'hidden_layer_text';

const STRENGTH: Record<Reason, number> = {
  invisible_text: 0.4,
  text_matches_background: 0.5,
  clipped_text: 0.3,
  off_page_text: 0.3,
  hidden_layer_text: 0.5,
};

const DESCRIBE: Record<Reason, string> = {
  invisible_text: 'is drawn in invisible render mode',
  text_matches_background: 'is drawn in the same colour as what is behind it',
  clipped_text: 'is clipped away so that none of it shows',
  off_page_text: 'is placed outside the visible page',
  hidden_layer_text: 'sits on a layer (optional content) that is switched off',
};

/** Colours closer than this (0..255 per channel) are indistinguishable to a reader. */
const SAME_COLOUR = 24;

export const invisibleTextDetector = defineDetector({
  meta: {
    id: 'overlays/invisible-text',
    description: 'Text present in the file but not visible: invisible mode, same colour as background, clipped, off-page or on a hidden layer.',
    appliesTo: ['pdf'],
    emits: [{ flag: 'hidden_content', reasons: Object.keys(STRENGTH) }],
  },
  run(ctx: DetectorContext): Finding[] {
    const findings: Finding[] = [];
    for (const page of ctx.pages) {
      if (!page.paint || page.imageOnly) continue;
      const byReason = new Map<Reason, TextPaint[]>();
      const images = page.paint.filter((op) => op.kind === 'image' && !op.hiddenByLayer);
      for (const op of page.paint) {
        if (op.kind !== 'text' || !meaningful(op.text) || op.annotation) continue;
        const reason = hiddenReason(op, page, images);
        if (!reason) continue;
        const list = byReason.get(reason) ?? [];
        list.push(op);
        byReason.set(reason, list);
      }
      for (const [reason, ops] of byReason) findings.push(toFinding(page.page, reason, ops));
    }
    return findings;
  },
});

function hiddenReason(op: TextPaint, page: PageLayer, images: PaintOp[]): Reason | null {
  if (op.hiddenByLayer) return 'hidden_layer_text';
  if (op.renderMode === 3 || op.renderMode === 7) {
    // An OCR layer: invisible text laid over a picture of the same words.
    const overPicture = images.some((img) => coveredFraction(op.bbox, img.bbox) >= 0.5);
    return overPicture ? null : 'invisible_text';
  }
  if (!intersect(op.bbox, [0, 0, 1, 1])) return 'off_page_text';
  if (op.clip && coveredFraction(op.bbox, op.clip) < 0.1) return 'clipped_text';
  if (op.alpha <= 0.05) return 'invisible_text';
  if (matchesBackground(op, page.paint ?? [])) return 'text_matches_background';
  return null;
}

/** Compares the text colour with the topmost opaque paint under it, or the white page. */
function matchesBackground(op: TextPaint, paint: readonly PaintOp[]): boolean {
  if (op.renderMode !== 0 || !op.fill) return false;
  const cx = (op.bbox[0] + op.bbox[2]) / 2;
  const cy = (op.bbox[1] + op.bbox[3]) / 2;
  let below: PaintOp | null = null;
  for (const p of paint) {
    if (p.seq >= op.seq) break;
    if (!isOpaqueCover(p)) continue;
    const box = visibleBox(p);
    if (box && box[0] <= cx && cx <= box[2] && box[1] <= cy && cy <= box[3]) below = p;
  }
  if (below?.kind === 'image') return false;
  const background = below ? (below.kind === 'fill' ? below.fill : null) : '#ffffff';
  const d = colorDistance(op.fill, background);
  return d !== null && d <= SAME_COLOUR;
}

function toFinding(pageNo: number, reason: Reason, ops: TextPaint[]): Finding {
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
    strength: STRENGTH[reason],
  };
}
