/**
 * Replays a pdf.js operator list into a neutral "paint list": every text show, filled shape and
 * image with its page box (fractions, top-left origin), colour, alpha, clip, text state and
 * painting order. Overlay detectors read this instead of the operator list so that they never
 * depend on pdf.js internals. Coordinates follow pdf.js's canvas renderer so that what we measure
 * is what a viewer shows.
 */
import type { BBox } from '../../../types.js';
import { intersect, round5 } from '../../../kit/boxes.js';
import { clipShape, insideClips } from './clip-shape.js';
import type { FontTable } from './fonts.js';
import { applyPoint, multiply, transformBox, type Matrix } from './matrix.js';
import { paintedSubpaths, strokeSegments } from './path-geometry.js';
import { applyGState, beginText, cloneState, initialState, moveText, setTextMatrix, type PaintState } from './paint-state.js';
import { pdfjs } from './pdfjs.js';
import type { FillPaint, PaintOp } from './types.js';

const OPS = pdfjs.OPS;
const FILL_OPS = new Set<number>([OPS.fill, OPS.eoFill, OPS.fillStroke, OPS.eoFillStroke, OPS.closeFillStroke, OPS.closeEOFillStroke]);
const STROKE_OPS = new Set<number>([OPS.stroke, OPS.closeStroke]);
const EO_FILL_OPS = new Set<number>([OPS.eoFill, OPS.eoFillStroke, OPS.closeEOFillStroke]);
/**
 * Straight strokes at least this wide (page units) paint a band of their colour (a bar drawn as
 * a wide line). Other strokes are rules, outlines, or the rings and hairlines a PostScript
 * shading is drawn with: recorded with an unknown colour, so that no one claims to know what
 * lies under text there.
 */
const BAND_STROKE = 2;
/** Strokes recorded per page at most: plots draw thousands, and text must still fit the list. */
const MAX_STROKES_PER_PAGE = 10_000;
/** Guards memory on pathological vector pages; overlays need boxes, not every hairline. */
const MAX_OPS_PER_PAGE = 50_000;
/** A TJ displacement of this many thousandths of an em or more is a column gap, not a word gap. */
const COLUMN_GAP = 1500;

export interface PaintInput {
  fnArray: ArrayLike<number>;
  argsArray: ArrayLike<unknown>;
  /** pdf.js viewport transform (user space -> top-left pixels) and the viewport size. */
  viewport: { transform: ArrayLike<number>; width: number; height: number };
  fonts: FontTable;
  fontStore: { has(id: string): boolean; get(id: string): unknown };
  /** Page-level decoded images (page.objs), to tell images with an alpha channel. */
  imageStore?: { has(id: string): boolean; get(id: string): unknown };
  /** Optional-content visibility; null when the document has no layers. */
  isLayerVisible: ((group: unknown) => boolean) | null;
  annotationSubtypes: Map<string, string>;
}

interface Glyph {
  unicode?: string;
  width?: number;
  isSpace?: boolean;
}

export function buildPaintList(input: PaintInput): PaintOp[] {
  const { fnArray, argsArray, viewport } = input;
  // User space -> page fractions with a top-left origin.
  const toFrac = multiply([1 / viewport.width, 0, 0, 1 / viewport.height, 0, 0], viewport.transform);
  const ops: PaintOp[] = [];
  let state = initialState();
  const stack: PaintState[] = [];
  const layerStack: boolean[] = [];
  let hiddenDepth = 0;
  let pendingClip = false;
  let annotation: { id: string; subtype: string } | undefined;
  let seq = 0;
  let formDepth = 0;

  const frac = (m: Matrix, x0: number, y0: number, x1: number, y1: number): BBox => round5(transformBox(multiply(toFrac, m), x0, y0, x1, y1));
  const clipTo = (box: BBox): void => {
    state.clip = state.clip ? (intersect(state.clip, box) ?? [box[0], box[1], box[0], box[1]]) : box;
  };
  const base = () => ({
    seq: seq++,
    clip: state.clip,
    alpha: state.alpha,
    ...effectiveBlend(state),
    ...(annotation ? { annotation } : {}),
    ...(hiddenDepth > 0 ? { hiddenByLayer: true } : {}),
  });
  const pushImage = (m: Matrix, mask: boolean, image?: unknown): void => {
    if (ops.length >= MAX_OPS_PER_PAGE) return;
    const alpha = !mask && hasAlphaChannel(typeof image === 'string' ? lookup(input.imageStore, image) : image);
    ops.push({ kind: 'image', mask, ...(alpha ? { alphaChannel: true } : {}), bbox: frac(m, 0, 0, 1, 1), ...base() });
  };

  let strokes = 0;
  const pushStrokes = (data: ArrayLike<number>): void => {
    const scale = Math.sqrt(Math.abs(state.ctm[0] * state.ctm[3] - state.ctm[1] * state.ctm[2]));
    const band = state.lineWidth * scale >= BAND_STROKE;
    const half = state.lineWidth / 2;
    for (const sub of strokeSegments(data)) {
      if (++strokes > MAX_STROKES_PER_PAGE || ops.length >= MAX_OPS_PER_PAGE) return;
      const [x0, y0, x1, y1] = sub.box;
      const box = frac(state.ctm, x0 - half, y0 - half, x1 + half, y1 + half);
      ops.push({ kind: 'fill', fill: sub.straight && band ? state.stroke : null, rect: sub.straight, stroke: true, bbox: box, ...base() });
    }
  };

  for (let i = 0; i < fnArray.length; i++) {
    const fn = fnArray[i];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- pdf.js leaves operator arguments untyped
    const args = argsArray[i] as any[] | null;
    switch (fn) {
      case OPS.save:
        stack.push(cloneState(state));
        break;
      case OPS.restore:
        if (stack.length) state = stack.pop()!;
        break;
      case OPS.transform:
        state.ctm = multiply(state.ctm, args!);
        break;
      case OPS.beginGroup: {
        stack.push(cloneState(state));
        // A soft-masked group shows through its mask: what it paints does not simply hide.
        if ((args?.[0] as { smask?: unknown } | undefined)?.smask) state.groupMask = true;
        if (state.blend) state.groupBlend = state.blend;
        break;
      }
      case OPS.endGroup:
        if (stack.length) state = stack.pop()!;
        break;
      case OPS.paintFormXObjectBegin: {
        formDepth++;
        stack.push(cloneState(state));
        if (args?.[0]) state.ctm = multiply(state.ctm, args[0]);
        const b = args?.[1];
        if (b) clipTo(frac(state.ctm, b[0], b[1], b[2], b[3]));
        break;
      }
      case OPS.paintFormXObjectEnd:
        formDepth = Math.max(0, formDepth - 1);
        if (stack.length) state = stack.pop()!;
        break;
      case OPS.beginAnnotation: {
        stack.push(cloneState(state));
        const [id, rect, transform, matrix] = args as [string, number[] | null, number[], number[]];
        state = initialState();
        if (rect) state.clip = frac(state.ctm, rect[0], rect[1], rect[2], rect[3]);
        state.ctm = multiply(multiply(state.ctm, transform), matrix);
        annotation = { id, subtype: input.annotationSubtypes.get(id) ?? 'Unknown' };
        break;
      }
      case OPS.endAnnotation:
        if (stack.length) state = stack.pop()!;
        annotation = undefined;
        break;
      case OPS.beginMarkedContent:
        layerStack.push(true);
        break;
      case OPS.beginMarkedContentProps: {
        let visible = true;
        if (args?.[0] === 'OC' && input.isLayerVisible) {
          try {
            visible = input.isLayerVisible(args[1]);
          } catch {
            visible = true;
          }
        }
        layerStack.push(visible);
        if (!visible) hiddenDepth++;
        break;
      }
      case OPS.endMarkedContent:
        if (layerStack.length && !layerStack.pop()) hiddenDepth--;
        break;
      case OPS.setGState:
        applyGState(state, args?.[0]);
        break;
      case OPS.setFillRGBColor:
        state.fill = typeof args?.[0] === 'string' ? args[0].toLowerCase() : null;
        break;
      case OPS.setFillColorN:
      case OPS.setFillTransparent:
        state.fill = null;
        break;
      case OPS.clip:
      case OPS.eoClip:
        pendingClip = true;
        break;
      case OPS.constructPath: {
        const [pathOp, paths, minMax] = args as [number, Array<Float32Array | null>, ArrayLike<number> | null];
        if (pendingClip && minMax) {
          clipTo(frac(state.ctm, minMax[0], minMax[1], minMax[2], minMax[3]));
          const shape = paths?.[0] ? clipShape(paths[0], multiply(toFrac, state.ctm), upright(state.ctm)) : null;
          if (shape) state.clipShapes = [...(state.clipShapes ?? []), shape];
        }
        pendingClip = false;
        if (FILL_OPS.has(pathOp) && paths?.[0] && ops.length < MAX_OPS_PER_PAGE) {
          for (const sub of paintedSubpaths(paths[0], EO_FILL_OPS.has(pathOp))) {
            // A box drawn under a rotated or skewed matrix is a slanted shape on the page: its
            // page box is not its shape (rotated labels, genealogy fans), so it is no box there;
            // nor is a box filled inside a curved clip that cuts into it.
            const bbox = frac(state.ctm, sub.box[0], sub.box[1], sub.box[2], sub.box[3]);
            const op: FillPaint = {
              kind: 'fill',
              fill: state.fill,
              rect: sub.rect && upright(state.ctm) && insideClips(state.clipShapes, bbox),
              bbox,
              ...base(),
            };
            if (sub.outline) op.outline = outlineOnPage(multiply(toFrac, state.ctm), sub.outline);
            ops.push(op);
          }
        }
        if (STROKE_OPS.has(pathOp) && paths?.[0] && ops.length < MAX_OPS_PER_PAGE) pushStrokes(paths[0]);
        break;
      }
      case OPS.setLineWidth:
        state.lineWidth = typeof args?.[0] === 'number' ? args[0] : state.lineWidth;
        break;
      case OPS.setStrokeRGBColor:
        state.stroke = typeof args?.[0] === 'string' ? args[0].toLowerCase() : null;
        break;
      case OPS.setStrokeColorN:
      case OPS.setStrokeTransparent:
        state.stroke = null;
        break;
      case OPS.shadingFill:
        // `sh` paints the whole clip region.
        if (state.clip && ops.length < MAX_OPS_PER_PAGE)
          ops.push({ kind: 'fill', fill: null, rect: insideClips(state.clipShapes, state.clip), bbox: state.clip, ...base() });
        break;
      case OPS.paintImageXObject:
      case OPS.paintInlineImageXObject:
        pushImage(state.ctm, false, args?.[0]);
        break;
      case OPS.paintImageMaskXObject:
      case OPS.paintSolidColorImageMask:
        pushImage(state.ctm, true);
        break;
      case OPS.paintImageMaskXObjectGroup:
        for (const img of (args?.[0] ?? []) as Array<{ transform: number[] }>) pushImage(multiply(state.ctm, img.transform), true);
        break;
      case OPS.paintInlineImageXObjectGroup:
        for (const entry of (args?.[1] ?? []) as Array<{ transform: number[] }>) pushImage(multiply(state.ctm, entry.transform), false, args?.[0]);
        break;
      case OPS.paintImageXObjectRepeat: {
        const [, sx, sy, pos] = args as [unknown, number, number, number[]];
        for (let p = 0; p + 1 < pos.length; p += 2) pushImage(multiply(state.ctm, [sx, 0, 0, sy, pos[p], pos[p + 1]]), false, args?.[0]);
        break;
      }
      case OPS.paintImageMaskXObjectRepeat: {
        const [, sx, kx, ky, sy, pos] = args as [unknown, number, number, number, number, number[]];
        for (let p = 0; p + 1 < pos.length; p += 2) pushImage(multiply(state.ctm, [sx, kx, ky, sy, pos[p], pos[p + 1]]), true);
        break;
      }
      case OPS.beginText:
        beginText(state);
        break;
      case OPS.setFont:
        state.fontId = args![0];
        state.fontSize = args![1];
        break;
      case OPS.setTextMatrix:
        setTextMatrix(state, args![0]);
        break;
      case OPS.moveText:
        moveText(state, args![0], args![1]);
        break;
      case OPS.setLeadingMoveText:
        state.leading = args![1];
        moveText(state, args![0], args![1]);
        break;
      case OPS.nextLine:
        moveText(state, 0, state.leading);
        break;
      case OPS.setLeading:
        state.leading = -args![0];
        break;
      case OPS.setCharSpacing:
        state.charSpacing = args![0];
        break;
      case OPS.setWordSpacing:
        state.wordSpacing = args![0];
        break;
      case OPS.setHScale:
        state.hScale = args![0] / 100;
        break;
      case OPS.setTextRise:
        state.rise = args![0];
        break;
      case OPS.setTextRenderingMode:
        state.renderMode = args![0];
        break;
      case OPS.showText:
      case OPS.showSpacedText:
        showText(state, (args?.[0] ?? []) as Array<Glyph | number>);
        break;
      default:
        break;
    }
  }
  return ops;

  function showText(s: PaintState, glyphs: Array<Glyph | number>): void {
    if (!s.fontId || s.fontSize === 0) return;
    const metrics = input.fonts.lookup(input.fontStore, s.fontId);
    const size = s.fontSize;
    const dir = size < 0 ? -1 : 1;
    const advanceScale = size * metrics.widthScale;
    let x = 0;
    // Where the glyphs of each segment start and end: a TJ array may open or close with a
    // displacement (a table cell or board square positioned by kerning), which moves the pen
    // but draws nothing. A displacement of a column gap or more starts a new segment: PostScript
    // drivers and re-distillers write a whole table row as one show, and a cover over one of
    // its cells must be measured against that cell, not against the row.
    const segments: Array<{ text: string; inkStart: number | null; inkEnd: number; end: number }> = [];
    let seg = { text: '', inkStart: null as number | null, inkEnd: 0, end: 0 };
    for (const g of glyphs) {
      if (typeof g === 'number') {
        const shift = (-g * size) / 1000;
        if (-g >= COLUMN_GAP && seg.inkStart !== null) {
          segments.push({ ...seg, end: x });
          seg = { text: '', inkStart: null, inkEnd: 0, end: 0 };
        }
        x += shift;
        // A large negative kern is how many producers write a word gap.
        if (g < -200 && seg.text && !seg.text.endsWith(' ')) seg.text += ' ';
        continue;
      }
      seg.text += g.unicode ?? '';
      const spacing = (g.isSpace ? s.wordSpacing : 0) + s.charSpacing;
      // Tested once per glyph (this loop runs for every character drawn).
      const ink = !g.isSpace && !!g.unicode?.trim();
      if (ink) seg.inkStart ??= x;
      x += (g.width ?? 0) * advanceScale + spacing * dir;
      if (ink) seg.inkEnd = x;
    }
    segments.push({ ...seg, end: x });
    const advance = x * s.hScale * dir;
    const textToUser = multiply(s.ctm, multiply(s.textMatrix, [1, 0, 0, 1, s.x, s.y + s.rise]));
    const top = Math.abs(size) * metrics.ascent;
    const bottom = Math.abs(size) * metrics.descent;
    const m = multiply(s.ctm, s.textMatrix);
    // Angle in the viewer's square pixels (page fractions scale x and y apart), y pointing down.
    const seen = multiply(viewport.transform as Matrix, textToUser);
    const angle = Math.round(((Math.atan2(-seen[1] * dir, seen[0] * dir) * 180) / Math.PI) * 10) / 10;
    const toPage = multiply(toFrac, textToUser);
    for (const part of segments) {
      const text = segments.length > 1 ? part.text.trim() : part.text;
      if (!text.trim() || ops.length >= MAX_OPS_PER_PAGE) continue;
      const from = (part.inkStart ?? 0) * s.hScale * dir;
      const to = part.inkStart === null ? advance : part.inkEnd * s.hScale * dir;
      const x0 = Math.min(from, to);
      const x1 = Math.max(from, to, x0 + 1e-3);
      const pen = applyPoint(toPage, from, 0);
      ops.push({
        kind: 'text',
        text,
        fontId: s.fontId,
        size: Math.abs(size) * Math.hypot(m[2], m[3]),
        renderMode: s.renderMode,
        fill: s.fill,
        charSpacing: s.charSpacing * Math.hypot(m[0], m[1]),
        wordSpacing: s.wordSpacing * Math.hypot(m[0], m[1]),
        hScale: s.hScale,
        rise: s.rise,
        ...(formDepth > 0 ? { inForm: true } : {}),
        ...(Math.abs(angle) >= 0.5 ? { angle } : {}),
        origin: [Math.round(pen[0] * 1e5) / 1e5, Math.round(pen[1] * 1e5) / 1e5],
        // frac(textToUser, ...) without multiplying toFrac by textToUser again: that is toPage.
        bbox: round5(transformBox(toPage, x0, bottom, x1, top)),
        ...base(),
      });
    }
    if (metrics.vertical) s.y -= x;
    else s.x += x * s.hScale;
  }
}

function outlineOnPage(m: Matrix, points: readonly number[][]): Array<[number, number]> {
  return points.map((p) => {
    const [x, y] = applyPoint(m, p[0], p[1]);
    return [Math.round(x * 1e5) / 1e5, Math.round(y * 1e5) / 1e5];
  });
}

/** The matrix keeps axis-aligned boxes axis-aligned (no rotation other than quarter turns, no skew). */
function upright(m: Matrix): boolean {
  const eps = 1e-6 * Math.max(Math.abs(m[0]), Math.abs(m[1]), Math.abs(m[2]), Math.abs(m[3]));
  return (Math.abs(m[1]) <= eps && Math.abs(m[2]) <= eps) || (Math.abs(m[0]) <= eps && Math.abs(m[3]) <= eps);
}

function effectiveBlend(s: PaintState): { blend?: string } {
  const blend = s.blend ?? s.groupBlend ?? (s.groupMask || s.gsMask ? 'softmask' : null);
  return blend ? { blend } : {};
}

function lookup(store: PaintInput['imageStore'], id: string): unknown {
  try {
    return store?.has(id) ? store.get(id) : null;
  } catch {
    return null;
  }
}

/** pdf.js decodes images with an SMask or colour-key Mask to RGBA (ImageKind 3). */
function hasAlphaChannel(image: unknown): boolean {
  return (image as { kind?: number } | null)?.kind === pdfjs.ImageKind.RGBA_32BPP;
}
