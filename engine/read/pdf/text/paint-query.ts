/** Questions overlay detectors ask of a page's paint list. */
import type { BBox } from '../../../types.js';
import { area, intersect } from '../../../kit/boxes.js';
import type { FillPaint, ImagePaint, PaintOp, TextPaint } from './types.js';

/** Letters or digits: what a reader would miss, as opposed to rules, dots and bullets. */
export function meaningful(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Painted text a reader can see if nothing covers it (not invisible, transparent or on a hidden layer). */
export function isDrawnText(op: PaintOp): op is TextPaint {
  return op.kind === 'text' && op.renderMode !== 3 && op.renderMode !== 7 && op.alpha > 0.05 && !op.hiddenByLayer && meaningful(op.text);
}

/** The part of a paint that is actually visible after clipping (null when clipped away). */
export function visibleBox(op: PaintOp): BBox | null {
  return op.clip ? intersect(op.bbox, op.clip) : op.bbox;
}

/** A shape or image that hides what is under it: opaque, normal blending, not a stencil mask. */
export function isOpaqueCover(op: PaintOp): op is FillPaint | ImagePaint {
  if (op.hiddenByLayer || op.blend || op.alpha < 0.9) return false;
  if (op.kind === 'image') return !op.mask && !op.alphaChannel;
  // A thick stroke (a bar drawn as a wide line) is a background to what is drawn on it.
  return op.kind === 'fill' && !op.stroke;
}

/** Colours closer than this (0..255 per channel) are indistinguishable to a reader. */
export const SAME_COLOUR = 24;

/**
 * Answers "is this text the colour of what lies under it?" (the topmost opaque paint before it,
 * or the white page). Unknown backgrounds (pictures, gradients, blended or soft-masked paint
 * around the text) answer false: we only claim invisibility we can see.
 */
export class Backdrop {
  private readonly index: BandIndex<PaintOp>;
  constructor(paint: readonly PaintOp[]) {
    this.index = new BandIndex(paint.filter((p) => p.kind !== 'text'));
  }

  hides(op: TextPaint): boolean {
    if (op.renderMode !== 0 || !op.fill) return false;
    const d = colorDistance(op.fill, this.behind(op));
    return d !== null && d <= SAME_COLOUR;
  }

  /** The colour under the centre of a text (the white page when nothing), null when unknown. */
  behind(op: TextPaint): string | null {
    const cx = (op.bbox[0] + op.bbox[2]) / 2;
    const cy = (op.bbox[1] + op.bbox[3]) / 2;
    let below: PaintOp | null = null;
    for (const p of this.at(cx, cy)) {
      const uncertain = p.blend || p.alpha < 0.9 || (p.kind === 'fill' && !p.fill) || p.kind === 'image';
      if (uncertain) return null;
      if (p.seq < op.seq && (!below || p.seq > below.seq)) below = p;
    }
    // A polygon or curve (a disc, a wedge, a glyph-like outline) need not cover all of its box:
    // where the text sits on it is not known from the box.
    if (below && below.kind === 'fill' && !below.rect) return null;
    return below && below.kind === 'fill' ? below.fill : '#ffffff';
  }

  /** The last paint under the centre of a text before it was drawn (null: the bare page). */
  under(op: TextPaint): PaintOp | null {
    const cx = (op.bbox[0] + op.bbox[2]) / 2;
    const cy = (op.bbox[1] + op.bbox[3]) / 2;
    let below: PaintOp | null = null;
    for (const p of this.at(cx, cy)) if (p.seq < op.seq && (!below || p.seq > below.seq)) below = p;
    return below;
  }

  private at(cx: number, cy: number): PaintOp[] {
    const contains = (b: BBox | null) => !!b && b[0] <= cx && cx <= b[2] && b[1] <= cy && cy <= b[3];
    return this.index.near([cx, cy, cx, cy]).filter((p) => contains(visibleBox(p)));
  }

  /**
   * Is this filled shape drawn in the colour of what lies under it (the topmost opaque fill
   * painted before it at its centre, or the white page)? A cover meant to hide blends in; a
   * coloured bar, swatch or band that stands out from its surroundings is part of the drawing.
   * Unknown backgrounds answer true: we only clear what we can see.
   * Paint laid down after the covered text (from `coveringSince` on) within the cover's box or
   * a frame's width around it belongs to the covering itself (a label's border, an under-layer
   * of the same box), not to the surroundings: a label stacked on another label is judged
   * against the label it sits on.
   */
  blendsIn(cover: FillPaint, box: BBox, coveringSince = Infinity): boolean {
    const cx = (box[0] + box[2]) / 2;
    const cy = (box[1] + box[3]) / 2;
    const contains = (b: BBox | null) => !!b && b[0] <= cx && cx <= b[2] && b[1] <= cy && cy <= b[3];
    const frame: BBox = [box[0] - FRAME, box[1] - FRAME, box[2] + FRAME, box[3] + FRAME];
    let below: PaintOp | null = null;
    for (const p of this.index.near([cx, cy, cx, cy])) {
      const seen = visibleBox(p);
      if (p === cover || p.seq >= cover.seq || !seen || !contains(seen)) continue;
      if (p.seq > coveringSince && within(seen, frame)) continue;
      // A rule or hairline of unknown extent under the centre says nothing about the surroundings.
      if (p.kind === 'fill' && p.stroke && !p.fill) continue;
      if (!below || p.seq > below.seq) below = p;
    }
    if (below && (below.blend || below.alpha < 0.9 || below.kind !== 'fill' || !below.fill)) return true;
    const d = colorDistance(cover.fill, below ? below.fill : '#ffffff');
    return d === null || d <= SAME_COLOUR;
  }
}

/** A border drawn around a box reaches this far past it (page fraction, about 3 pt on A4). */
const FRAME = 0.004;

function within(inner: BBox, outer: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/** White or nearly: the colour of paper, and of the classic cover-up box. */
export function isWhite(color: string | null): boolean {
  const d = colorDistance(color, '#ffffff');
  return d !== null && d <= SAME_COLOUR;
}

/** Letters and digits only, lower-cased: to compare what two texts say. */
export function words(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

export function regionOf(page: number, box: BBox, label?: string): { page: number; bbox: BBox; label?: string } {
  return label ? { page, bbox: box, label } : { page, bbox: box };
}

export function boxArea(box: BBox | null): number {
  return box ? area(box) : 0;
}

/** `#rrggbb` -> [r, g, b] (0..255), null for unknown colours. */
export function rgb(color: string | null): [number, number, number] | null {
  if (!color || !/^#[0-9a-f]{6}$/i.test(color)) return null;
  return [parseInt(color.slice(1, 3), 16), parseInt(color.slice(3, 5), 16), parseInt(color.slice(5, 7), 16)];
}

export function colorDistance(a: string | null, b: string | null): number | null {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return null;
  return Math.max(Math.abs(x[0] - y[0]), Math.abs(x[1] - y[1]), Math.abs(x[2] - y[2]));
}

/** Buckets paints by horizontal bands so that overlap queries stay cheap on busy pages. */
export class BandIndex<T extends { bbox: BBox }> {
  private readonly bands: T[][];
  constructor(
    items: readonly T[],
    private readonly count = 32,
  ) {
    this.bands = Array.from({ length: count }, () => []);
    for (const item of items) for (const b of this.bandsOf(item.bbox)) this.bands[b].push(item);
  }
  private bandsOf(box: BBox): number[] {
    const lo = Math.max(0, Math.min(this.count - 1, Math.floor(box[1] * this.count)));
    const hi = Math.max(0, Math.min(this.count - 1, Math.floor(box[3] * this.count)));
    const out: number[] = [];
    for (let b = lo; b <= hi; b++) out.push(b);
    return out;
  }
  near(box: BBox): T[] {
    const seen = new Set<T>();
    for (const b of this.bandsOf(box)) for (const item of this.bands[b]) seen.add(item);
    return [...seen];
  }
}

export function truncate(text: string, max = 120): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
