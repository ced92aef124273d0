/**
 * Rows of a photographed page run at a slant: the camera was turned a little, and perspective
 * makes the slant differ from top to bottom. Tesseract reads a label column and a value column
 * as separate lines when a gap divides them, and on a slanted page a value sits up to a row
 * higher or lower than its label, so "Statement date ... 12/31/2025" pairs the date with the
 * label of the next row. Its line baselines measure the slant where it is; this module places
 * every word on its row as a level page would have it, for grouping words into rows, while the
 * word's box stays where it is in the picture (evidence is drawn there).
 */
import type { Line } from 'tesseract.js';
import { median } from '../../kit/stats.js';

/**
 * Slants below this (about 0.3 degrees: a fed scanner's skew) shift a word by a fraction of a row
 * over the page width: rows group correctly already, so those pages are read as before.
 */
const MIN_SLANT = 0.005;
/** A line measures the slant when it spans this share of the picture's width and has two words. */
const MEASURING_WIDTH = 0.15;

/** A tesseract line placed on its row: its slant, and a point of its baseline (prepared-image px). */
export interface RowGeometry {
  slope: number;
  anchorX: number;
  anchorY: number;
  /** The line's height without its slant (px). */
  height: number;
  /** From the baseline down to the bottom of the line's box (px): descenders. */
  descent: number;
}

function measuredSlope(line: Line, imageWidth: number): number | null {
  const b = line.baseline;
  if (!b || !Number.isFinite(b.y0) || !Number.isFinite(b.y1) || line.words.length < 2) return null;
  const w = b.x1 - b.x0;
  return w >= MEASURING_WIDTH * imageWidth ? (b.y1 - b.y0) / w : null;
}

/**
 * Each line's row geometry, or null when the page is level (its slant is under MIN_SLANT or
 * cannot be measured). A line too short to measure its own slant takes that of the measured
 * line nearest above or below it (perspective changes the slant down the page).
 */
export function rowGeometries(lines: readonly Line[], imageWidth: number): RowGeometry[] | null {
  const own = lines.map((l) => ({ mid: (l.bbox.y0 + l.bbox.y1) / 2, slope: measuredSlope(l, imageWidth) }));
  const measured = own.filter((m): m is { mid: number; slope: number } => m.slope !== null);
  if (!measured.length || Math.abs(median(measured.map((m) => m.slope))) < MIN_SLANT) return null;
  return lines.map((line, i) => {
    const { mid } = own[i];
    const slope = own[i].slope ?? measured.reduce((a, b) => (Math.abs(b.mid - mid) < Math.abs(a.mid - mid) ? b : a)).slope;
    const b = line.baseline;
    const hasBaseline = b && Number.isFinite(b.y0) && Number.isFinite(b.y1) && b.x1 > b.x0;
    const anchorX = hasBaseline ? (b.x0 + b.x1) / 2 : (line.bbox.x0 + line.bbox.x1) / 2;
    const anchorY = hasBaseline ? (b.y0 + b.y1) / 2 : line.bbox.y1;
    const boxH = line.bbox.y1 - line.bbox.y0;
    const span = line.bbox.x1 - line.bbox.x0;
    // (A floor in case the slant was overestimated; a long line at 4 degrees is mostly slant.)
    const height = Math.max(boxH - Math.abs(slope) * span, 0.2 * boxH);
    // The box's bottom lies below the lowest point of the slanted baseline by the descenders.
    const lowestBaseline = anchorY + (Math.abs(slope) * span) / 2;
    return { slope, anchorX, anchorY, height, descent: Math.max(0, Math.min(line.bbox.y1 - lowestBaseline, height / 2)) };
  });
}

/** Baseline y (px) of a row at x. */
export function baselineAt(row: RowGeometry, x: number): number {
  return row.anchorY + row.slope * (x - row.anchorX);
}

/**
 * Where the row's baseline would be on a level page (px): its height at the picture's middle.
 * Two parts of one printed row, read as separate lines, share it.
 */
export function levelBaseline(row: RowGeometry, imageWidth: number): number {
  return baselineAt(row, imageWidth / 2);
}
