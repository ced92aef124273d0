/**
 * A word drawn without anti-aliasing in a capture whose text is anti-aliased everywhere else.
 * One rasteriser draws all text of a screenshot with one anti-aliasing setting (browsers, PDF
 * viewers and desktop toolkits smooth every glyph edge into blends of ink and background); an
 * image editor's text tool with smoothing off, or a text layer rendered for speed, leaves a
 * value in hard two-level pixels. Pages drawn entirely without smoothing (terminals, bitmap-font
 * interfaces) have no smoothed majority, and pages where hard text is common mix two styles on
 * purpose: both stay quiet.
 */
import { blendShare, type Word } from './words.js';
import { median } from '../../../kit/stats.js';

/** A hard word: at most this share of its ink pixels are blends (anti-aliased text: 0.35-0.95). */
const HARD = 0.03;
/** Smoothed text carries at least this share of blends. */
const SMOOTH = 0.15;
const MIN_WORDS = 10;

function isHard(w: Word): boolean {
  return w.pixels >= 30 && blendShare(w) <= HARD && w.parts - w.rectangles >= 2;
}

/** How many text lines the words sit on (words overlapping vertically by half share a line). */
function lineCount(words: Word[]): number {
  const lines: Array<[number, number]> = [];
  for (const w of [...words].sort((a, b) => a.box[1] - b.box[1])) {
    const [, y0, , y1] = w.box;
    const line = lines.find(([a, b]) => Math.min(b, y1) - Math.max(a, y0) >= 0.5 * Math.min(b - a, y1 - y0));
    if (line) {
      line[0] = Math.min(line[0], y0);
      line[1] = Math.max(line[1], y1);
    } else lines.push([y0, y1]);
  }
  return lines.length;
}

export interface HardText {
  words: Word[];
  smooth: number;
  total: number;
  medianHeight: number;
}

/** The hard words of a smoothed capture, or null when the capture has none or many. */
export function hardWords(words: Word[]): HardText | null {
  if (words.length < MIN_WORDS) return null;
  const smooth = words.filter((w) => blendShare(w) >= SMOOTH).length;
  const hard = words.filter(isHard);
  // Hard words on one or two lines (a value, spaced like "1 234,56 €", or two) of a smoothed
  // page; hard text on more lines is an interface style, not an edit.
  if (!hard.length || lineCount(hard) > 2 || hard.length > Math.max(6, 0.05 * words.length) || smooth < 0.85 * (words.length - hard.length)) return null;
  const medianHeight = median(words.map((w) => w.box[3] - w.box[1]));
  // Text-sized: not a pixel-art icon far smaller or a picture far larger than the page's words.
  const found = hard.filter((w) => w.box[3] - w.box[1] >= 0.6 * medianHeight && w.box[3] - w.box[1] <= 3 * medianHeight);
  return found.length ? { words: found, smooth, total: words.length, medianHeight } : null;
}
