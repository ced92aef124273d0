/**
 * The text a reader sees. A "white box" edit paints an opaque shape over a figure and writes the
 * new figure on top, but the old glyphs stay in the text layer, so a plain text reading gives
 * both ("£89.31£70.97") and the arithmetic reads the forger's intention and the original at
 * once. Runs whose drawing is hidden under an opaque cover painted after them are dropped here;
 * the overlays detectors report the cover itself.
 */
import { area, coveredFraction, intersect, overlapOfSmaller } from '../../kit/boxes.js';
import type { PageLayer, PaintOp, TextPaint, TextRun } from '../pdf/text/types.js';
import { BandIndex, isOpaqueCover, visibleBox } from '../pdf/text/paint-query.js';
import type { BBox } from '../../types.js';

/** Share of a drawing that must lie under a later cover for it to count as hidden. */
const HIDDEN = 0.7;
/** Page-sized pictures over a text layer are how scanners store OCR: those covers do not count. */
const MAX_COVER_AREA = 0.33;

interface Cover {
  seq: number;
  bbox: BBox;
  annotation?: string;
}

function letters(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The paint operations that drew a run: overlapping text paints saying the same thing. */
function drawingsOf(run: TextRun, texts: BandIndex<TextPaint>): TextPaint[] {
  const near = texts.near(run.bbox).filter((t) => overlapOfSmaller(t.bbox, run.bbox) >= 0.5);
  const want = letters(run.text);
  const same = near.filter((t) => {
    const have = letters(t.text);
    return have.length > 0 && (want.includes(have) || have.includes(want));
  });
  return same.length ? same : near;
}

/** Is the run's part of this drawing under a cover painted after it? (One drawing may hold a whole line.) */
function hidden(run: TextRun, op: TextPaint, covers: BandIndex<Cover>): boolean {
  const box = intersect(run.bbox, visibleBox(op) ?? op.bbox) ?? run.bbox;
  // An annotation's own text sits on its own background.
  return covers.near(box).some((c) => c.seq > op.seq && (!c.annotation || c.annotation !== op.annotation?.id) && coveredFraction(box, c.bbox) >= HIDDEN);
}

/** The page's runs minus those whose every drawing is covered by later opaque paint. */
export function visibleRuns(page: PageLayer): TextRun[] {
  const paint: readonly PaintOp[] = page.paint ?? [];
  const covers: Cover[] = [];
  for (const op of paint) {
    if (!isOpaqueCover(op)) continue;
    const box = visibleBox(op);
    if (box && area(box) > 0 && area(box) <= MAX_COVER_AREA) covers.push({ seq: op.seq, bbox: box, annotation: op.annotation?.id });
  }
  if (!covers.length) return page.runs;
  const coverIndex = new BandIndex(covers);
  const texts = new BandIndex(paint.filter((p): p is TextPaint => p.kind === 'text'));
  return page.runs.filter((run) => {
    const drawn = drawingsOf(run, texts);
    return !drawn.length || !drawn.every((op) => hidden(run, op, coverIndex));
  });
}
