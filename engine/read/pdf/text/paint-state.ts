/** Graphics and text state while replaying a pdf.js operator list (mirrors pdf.js's canvas state). */
import type { BBox } from '../../../types.js';
import { IDENTITY, type Matrix } from './matrix.js';
import type { ClipShape } from './clip-shape.js';
import type { PaintColor } from './types.js';

export interface PaintState {
  ctm: Matrix;
  fill: PaintColor;
  /** Stroke colour and line width (user space): thick strokes paint bars and backgrounds. */
  stroke: PaintColor;
  lineWidth: number;
  alpha: number;
  /** Blend mode other than Normal (Multiply, Screen...): such paint tints rather than hides. */
  blend: string | null;
  /** Soft masks in force: from a masked transparency group, or from the ExtGState's SMask. */
  groupMask: boolean;
  gsMask: boolean;
  /** Blend mode a transparency group is composited with; applies to all it paints. */
  groupBlend: string | null;
  clip: BBox | null;
  /** Clipping paths in force that are not upright rectangles (engine/pdf/text/clip-shape.ts). */
  clipShapes: readonly ClipShape[] | null;
  fontId: string | null;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
  renderMode: number;
  textMatrix: Matrix;
  /** Pen position in text space relative to textMatrix, and the start of the current line. */
  x: number;
  y: number;
  lineX: number;
  lineY: number;
}

export function initialState(): PaintState {
  return {
    ctm: [...IDENTITY] as Matrix,
    fill: '#000000',
    stroke: '#000000',
    lineWidth: 1,
    alpha: 1,
    blend: null,
    groupMask: false,
    gsMask: false,
    groupBlend: null,
    clip: null,
    clipShapes: null,
    fontId: null,
    fontSize: 0,
    charSpacing: 0,
    wordSpacing: 0,
    hScale: 1,
    leading: 0,
    rise: 0,
    renderMode: 0,
    textMatrix: [...IDENTITY] as Matrix,
    x: 0,
    y: 0,
    lineX: 0,
    lineY: 0,
  };
}

/**
 * A copy for `q` and groups (one per save on every page): the fields written out rather than
 * spread, which V8 builds as one fixed-shape object instead of copying keys one by one.
 */
export function cloneState(s: PaintState): PaintState {
  return {
    ctm: [s.ctm[0], s.ctm[1], s.ctm[2], s.ctm[3], s.ctm[4], s.ctm[5]],
    fill: s.fill,
    stroke: s.stroke,
    lineWidth: s.lineWidth,
    alpha: s.alpha,
    blend: s.blend,
    groupMask: s.groupMask,
    gsMask: s.gsMask,
    groupBlend: s.groupBlend,
    clip: s.clip ? [s.clip[0], s.clip[1], s.clip[2], s.clip[3]] : null,
    clipShapes: s.clipShapes,
    fontId: s.fontId,
    fontSize: s.fontSize,
    charSpacing: s.charSpacing,
    wordSpacing: s.wordSpacing,
    hScale: s.hScale,
    leading: s.leading,
    rise: s.rise,
    renderMode: s.renderMode,
    textMatrix: [s.textMatrix[0], s.textMatrix[1], s.textMatrix[2], s.textMatrix[3], s.textMatrix[4], s.textMatrix[5]],
    x: s.x,
    y: s.y,
    lineX: s.lineX,
    lineY: s.lineY,
  };
}

export function moveText(s: PaintState, x: number, y: number): void {
  s.lineX += x;
  s.lineY += y;
  s.x = s.lineX;
  s.y = s.lineY;
}

export function setTextMatrix(s: PaintState, m: ArrayLike<number>): void {
  s.textMatrix = [m[0], m[1], m[2], m[3], m[4], m[5]];
  s.x = s.y = s.lineX = s.lineY = 0;
}

export function beginText(s: PaintState): void {
  s.textMatrix = [...IDENTITY] as Matrix;
  s.x = s.y = s.lineX = s.lineY = 0;
}

/** Reads the keys of an ExtGState (`gs`) that change what we track. */
export function applyGState(s: PaintState, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    if (!Array.isArray(entry)) continue;
    const [key, value] = entry as [string, unknown];
    if (key === 'ca' && typeof value === 'number') s.alpha = Math.max(0, Math.min(1, value));
    else if (key === 'BM') s.blend = blendName(value);
    else if (key === 'SMask') s.gsMask = !!value;
    else if (key === 'Font' && Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'number') {
      s.fontId = value[0];
      s.fontSize = value[1];
    }
  }
}

function blendName(value: unknown): string | null {
  const name = Array.isArray(value) ? value[0] : value;
  const text = typeof name === 'string' ? name : ((name as { name?: string } | null)?.name ?? null);
  if (!text) return null;
  const lower = text.toLowerCase();
  return lower === 'normal' || lower === 'compatible' || lower === 'source-over' ? null : text;
}
