/**
 * Where an evidence box's label goes on its page: next to the box, never over it (the box marks
 * the text the reason is about), and never past the page's edges (the viewer would clip it or
 * scroll sideways). Pure geometry in page pixels, top-left origin, so it can be tested alone.
 */

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface LabelPlacement {
  left: number;
  top: number;
  side: 'below' | 'above' | 'inside';
}

/** Space kept between the label and the box (clear of the selected box's 4 px halo), and from the page's edges. */
const GAP = 8;

export function placeLabel(box: Rect, label: Size, page: Size, gap = GAP): LabelPlacement {
  // Start under the box's left edge; when that runs past the right edge, flip to end at the
  // box's right edge instead; then clamp into the page (a label wider than the page starts at its edge).
  let left = box.left;
  if (left + label.width > page.width - gap) left = box.left + box.width - label.width;
  left = Math.max(gap, Math.min(left, page.width - gap - label.width));

  const below = box.top + box.height + gap;
  if (below + label.height <= page.height) return { left, top: below, side: 'below' };
  const above = box.top - gap - label.height;
  if (above >= 0) return { left, top: above, side: 'above' };
  // A box as tall as the page leaves no room outside it: keep the label on the page, at the box's top.
  return { left, top: Math.max(0, Math.min(box.top, page.height - label.height)), side: 'inside' };
}
