/**
 * Text painted over by an opaque box, image or annotation: the classic "white box" edit. Only a
 * cover painted AFTER the text counts (cell backgrounds are drawn before their text); it is
 * decisive when new text is then drawn on top of the covered text (cover and retype).
 * Page-sized pictures drawn over a text layer are how some scanners store OCR ("text under
 * image"), so covers larger than a third of the page are left alone. A coloured shape that
 * stands out from its surroundings (a bar or swatch in a figure), or that is not a box at all
 * (a polygon face of a 3-D figure), is drawing, not a cover. The same labelled box drawn again
 * at one place in the same font (overlapping TikZ pictures) repeats a node; it is not a cover-up.
 */
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { DetectorContext } from '../../facts/context.js';
import { coveredFraction, intersect, union } from '../../kit/boxes.js';
import { shareInside } from '../../read/pdf/text/path-geometry.js';
import { cellOverflow, type CellOverflow } from './cell-overflow.js';
import type { FillPaint, ImagePaint, PageLayer, PaintOp, TextPaint } from '../../read/pdf/text/types.js';
import type { BBox } from '../../types.js';
import {
  Backdrop,
  BandIndex,
  boxArea,
  colorDistance,
  isDrawnText,
  isOpaqueCover,
  isWhite,
  regionOf,
  SAME_COLOUR,
  truncate,
  visibleBox,
  words,
} from '../../read/pdf/text/paint-query.js';
import { thresholdValues, type Threshold } from '../thresholds.js';
import { STRENGTH, STRENGTH_CAP } from '../strengths.js';

const THRESHOLDS = {
  minCovered: { value: 0.7, why: 'A text counts as covered when this share of its box lies under the cover.' },
  minReplacementInside: { value: 0.6, why: 'Replacement text must sit mostly inside the cover.' },
  maxCoverArea: { value: 0.33, why: 'A cover larger than this share of the page is a background panel, not a white-out.' },
  repeatGrid: { value: 0.005, why: 'Covers on two pages are at the same place when their boxes agree to half a percent of the page.' },
  sameAngle: { value: 2, why: "Replacement text runs at the covered text's angle within this (degrees)." },
  sameBaselineEm: {
    value: 0.3,
    why: 'A retype rides the old line: baselines this close (in ems of the covered text) are one line, as `isolated_font` reads a line (a retype placed by eye may sit a point or two off it).',
  },
  evenMarginEm: { value: 0.1, why: "A label's frame leaves the same margin left and right (within this, in ems), at most T.maxMarginEm." },
  maxMarginEm: { value: 0.5, why: '...and at most this margin (ems) on either side.' },
  sameSizeFactor: {
    value: 2,
    why: "A retype matches the size of the value it replaces (the forger wants it to pass for the original): within this factor either way. A figure's tick label a quarter the size of the text under the figure's white background (a psfrag example page) is the figure's.",
  },
  sameEdge: { value: 0.001, why: 'Box edges closer than this (page fraction, about half a point on A4) are the same edge.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

type Cover = (FillPaint | ImagePaint) & { visible: BBox };

interface CoverHit {
  cover: Cover;
  covered: TextPaint[];
  replacement: TextPaint[];
  /** The covered text overflows from the neighbouring cell of a table row: layout. */
  overflow?: CellOverflow | null;
}

const EMITS = [
  { flag: 'hidden_content', reasons: ['covered_text_replaced', 'covered_text', 'image_over_text', 'annotation_over_text'] },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const coveredTextDetector = defineDetector({
  meta: {
    id: 'overlays/covered-text',
    description: 'Text hidden under an opaque box, image or annotation painted after it, with or without new text on top.',
    appliesTo: ['pdf'],
    needs: ['pages'],
    emits: EMITS,
    thresholds: THRESHOLDS,
  },
  run(ctx: DetectorContext): Found[] {
    const findings: Found[] = [];
    for (const page of ctx.pages) {
      if (!page.paint || page.imageOnly) continue;
      for (const hit of coverHits(page)) findings.push(asCellOverflow(toFinding(page.page, hit), hit));
    }
    return asLayout(findings);
  },
});

/**
 * A box that covers the same text with the same new text at the same place on several pages is
 * the layout's own (a report template painting its section header over the running header on
 * every odd page); a forger's cover replaces a value in place, once.
 */
function asLayout(findings: Found[]): Found[] {
  const key = (f: Found) => {
    if (f.code !== 'hidden_content.covered_text_replaced' && f.code !== 'hidden_content.covered_text') return null;
    const e = f.evidence as { before?: string; after?: string; bbox?: readonly number[] };
    return `${f.code}\u0000${e.before}\u0000${e.after ?? ''}\u0000${(e.bbox ?? []).map((v) => Math.round(v / T.repeatGrid)).join(',')}`;
  };
  const pagesOf = new Map<string, number[]>();
  for (const f of findings) {
    const k = key(f);
    if (k) pagesOf.set(k, [...(pagesOf.get(k) ?? []), ...f.pages]);
  }
  return findings.map((f) => {
    const pages = pagesOf.get(key(f) ?? '') ?? [];
    if (new Set(pages).size < 2) return f;
    return {
      ...f,
      summary: `${f.summary} The same cover with the same text sits at the same place on pages ${[...new Set(pages)].join(', ')}: the layout's own, context only.`,
      evidence: { ...f.evidence, repeatedOnPages: [...new Set(pages)] },
      strength: Math.min(f.strength, STRENGTH_CAP.repeatedLayoutCover),
    };
  });
}

/** Text overflowing from the neighbouring cell under the next cell's background: the table's layout, context only. */
function asCellOverflow(f: Found, hit: CoverHit): Found {
  if (!hit.overflow || f.code === 'hidden_content.image_over_text' || f.code === 'hidden_content.annotation_over_text') return f;
  const { lead, line } = hit.overflow;
  return {
    ...f,
    summary: `${f.summary} The hidden text is the end of "${truncate(line, 60)}…", which runs on from the neighbouring cell of a table row into this cell, whose background is painted after it: the table's layout, context only.`,
    evidence: { ...f.evidence, overflowsFrom: lead.bbox },
    strength: Math.min(f.strength, STRENGTH_CAP.cellOverflow),
  };
}

function coverHits(page: PageLayer): CoverHit[] {
  const paint = page.paint ?? [];
  const texts = paint.filter(isDrawnText);
  if (texts.length === 0) return [];
  const covers: Cover[] = [];
  for (const op of paint) {
    if (!isOpaqueCover(op)) continue;
    const visible = visibleBox(op);
    const a = boxArea(visible);
    if (visible && a > 0 && a <= T.maxCoverArea) covers.push({ ...op, visible });
  }
  if (covers.length === 0) return [];
  const textIndex = new BandIndex(texts);
  const backdrop = new Backdrop(paint);
  const hits: CoverHit[] = [];
  for (const cover of covers) {
    const near = textIndex.near(cover.visible);
    const covered = near.filter((t) => {
      // Text that was already invisible (white on white, or clipped away as the unused part
      // of a cropped imported page) loses nothing by being covered.
      const seen = visibleBox(t);
      return t.seq < cover.seq && !sameAnnotation(t, cover) && !!seen && underCover(seen, cover) >= T.minCovered && !backdrop.hides(t);
    });
    if (covered.length === 0) continue;
    // A modal dialog or lightbox in a captured web page: the page was first veiled by a
    // translucent layer reaching past the box, then the panel drawn on the veil. A cover-up has
    // to pass unseen; nobody dims the page around it.
    if (veiled(cover, covered, paint)) continue;
    // Figure labels under coloured bars, swatches and bands: a coloured shape that stands out
    // from what is under it is part of the drawing (TeX/TikZ, plotting tools), not a cover-up,
    // which is painted in the colour of its surroundings to pass unseen.
    // A coloured polygon or curve (the face of a 3-D solid, a pie slice) is drawing whatever it
    // blends into: cover-ups are boxes, and only a white one is made in any other shape.
    // A pattern or shading (a shaded ball, a gradient band) has no one colour to blend into
    // the page with: it is drawing too.
    if (cover.kind === 'fill' && !isWhite(cover.fill) && (!cover.fill || !cover.rect || !backdrop.blendsIn(cover, cover.visible, firstSeq(covered)))) continue;
    // A white ring or disc standing out from a coloured ground (a university seal, its name
    // set round the ring) need not cover its box: only a white shape that passes unseen on
    // what it is painted on hides the text in its box.
    if (cover.kind === 'fill' && !cover.rect && !backdrop.blendsIn(cover, cover.visible, firstSeq(covered))) continue;
    const replacement = near.filter((t) => t.seq > cover.seq && coveredFraction(t.bbox, cover.visible) >= T.minReplacementInside);
    // An empty form field over printed text: fields are laid over their printed hints and
    // labels, and a clock or calculated field is filled in by the viewer. A field showing a
    // value of its own over a printed one is reported.
    if (cover.annotation?.subtype === 'Widget' && replacement.length === 0) continue;
    if (sameWords(covered, replacement)) continue;
    if (cover.kind === 'fill' && redrawnNode(cover, covered, replacement, backdrop)) continue;
    // A cover-up is made to put a new value in the old one's place: on its line, at its angle,
    // starting, ending or centred where it did. Text of another place on the shape (a rotated
    // or vertical label, a data label over an axis tick, a dialog's lines) is the shape's own.
    if (replacement.length > 0 && !cover.annotation && !inPlace(covered, replacement, page)) {
      // The background of a label in a drawing: a node, wedge or 3-D plane that is no upright
      // box, or a box fitted to its own label (equal margins round it, as label frames are
      // drawn): it was made for the label, and what it knocks out behind is the drawing's.
      if (cover.kind === 'fill' && (!cover.rect || fittedTo(cover.visible, replacement, page))) continue;
      // Any other box or picture still hides the text under it; what is on it is not a retype.
      hits.push({ cover, covered, replacement: [], overflow: cellOverflow(cover, covered, paint, page) });
      continue;
    }
    hits.push({ cover, covered, replacement, overflow: cellOverflow(cover, covered, paint, page) });
  }
  return mergeOverlapping(hits);
}

/**
 * A retype starts, ends or is centred where the old text did, within a third of an em (a thin
 * space: text placed by eye at reading size; editors and scripts place it exactly). A label
 * that only overlaps a tick label by half an em is somewhere else.
 */
const ALIGNED_EM = 1 / 3;

/**
 * Is some replacement text set where a covered text was: at its size and angle, on its
 * baseline, and starting, ending or centred with it? Measured in points along and across the
 * covered line.
 */
function inPlace(covered: readonly TextPaint[], replacement: readonly TextPaint[], page: PageLayer): boolean {
  return replacement.some((r) =>
    covered.some((c) => {
      const angle = c.angle ?? 0;
      if (Math.abs(angleBetween(r.angle ?? 0, angle)) > T.sameAngle || !r.origin || !c.origin) return false;
      if (r.size > c.size * T.sameSizeFactor || c.size > r.size * T.sameSizeFactor) return false;
      const em = c.size;
      const rad = (angle * Math.PI) / 180;
      // Page y grows downwards: the line runs along (cos, -sin), its normal is (sin, cos).
      const along = (p: readonly [number, number]) => p[0] * page.width * Math.cos(rad) - p[1] * page.height * Math.sin(rad);
      const across = (p: readonly [number, number]) => p[0] * page.width * Math.sin(rad) + p[1] * page.height * Math.cos(rad);
      if (Math.abs(across(r.origin) - across(c.origin)) > T.sameBaselineEm * em) return false;
      // Start and end along the line: from the text boxes when level or upright, else from the pens.
      const [r0, r1] = extentAlong(r, page, angle, along);
      const [c0, c1] = extentAlong(c, page, angle, along);
      const tol = ALIGNED_EM * em;
      return Math.abs(r0 - c0) <= tol || Math.abs(r1 - c1) <= tol || Math.abs((r0 + r1) / 2 - (c0 + c1) / 2) <= tol;
    }),
  );
}

function angleBetween(a: number, b: number): number {
  return ((((a - b) % 360) + 540) % 360) - 180;
}

function extentAlong(t: TextPaint, page: PageLayer, angle: number, along: (p: readonly [number, number]) => number): [number, number] {
  const corners: Array<[number, number]> = [
    [t.bbox[0], t.bbox[1]],
    [t.bbox[2], t.bbox[3]],
  ];
  const quarter = Math.abs(angleBetween(angle, Math.round(angle / 90) * 90)) <= T.sameAngle;
  if (!quarter) {
    const start = along(t.origin ?? corners[0]);
    return [start, start];
  }
  const a = along(corners[0]);
  const b = along(corners[1]);
  return [Math.min(a, b), Math.max(a, b)];
}

/** The box leaves the same small margin left and right of the text drawn on it: a label's frame. */
function fittedTo(box: BBox, texts: readonly TextPaint[], page: PageLayer): boolean {
  if (texts.some((t) => Math.abs(t.angle ?? 0) > T.sameAngle)) return false;
  const x0 = Math.min(...texts.map((t) => t.bbox[0]));
  const x1 = Math.max(...texts.map((t) => t.bbox[2]));
  const em = Math.max(...texts.map((t) => t.size));
  const left = (x0 - box[0]) * page.width;
  const right = (box[2] - x1) * page.width;
  return (
    left >= -T.evenMarginEm * em &&
    right >= -T.evenMarginEm * em &&
    Math.abs(left - right) <= T.evenMarginEm * em &&
    Math.max(left, right) <= T.maxMarginEm * em
  );
}

/** Share of a text's box under the cover: its visible box, and within it its outline when it is no box. */
function underCover(seen: BBox, cover: Cover): number {
  const share = coveredFraction(seen, cover.visible);
  if (share === 0 || cover.kind !== 'fill' || !cover.outline) return share;
  const part = intersect(seen, cover.visible);
  return part ? share * shareInside(cover.outline, part) : 0;
}

function firstSeq(texts: readonly TextPaint[]): number {
  return texts.reduce((m, t) => Math.min(m, t.seq), Infinity);
}

/**
 * A translucent layer painted over the covered text before the cover, spreading past the cover
 * (at least twice its area): the page under a modal dialog, dimmed so the panel stands out.
 */
function veiled(cover: Cover, covered: readonly TextPaint[], paint: readonly PaintOp[]): boolean {
  const last = covered.reduce((m, t) => Math.max(m, t.seq), -1);
  return paint.some((p) => {
    if (p.kind === 'text' || p.seq <= last || p.seq >= cover.seq || p.hiddenByLayer) return false;
    if (!(p.alpha < 0.9 || p.blend) || p.alpha < 0.05) return false;
    const v = visibleBox(p);
    return !!v && contains(v, cover.visible) && boxArea(v) >= 2 * boxArea(cover.visible);
  });
}

function contains(outer: BBox, inner: BBox): boolean {
  return outer[0] <= inner[0] + T.sameEdge && outer[1] <= inner[1] + T.sameEdge && outer[2] >= inner[2] - T.sameEdge && outer[3] >= inner[3] - T.sameEdge;
}

/** The same words drawn again on top (a layered design effect) hide nothing. */
function sameWords(covered: TextPaint[], replacement: TextPaint[]): boolean {
  if (replacement.length === 0) return false;
  const a = words(covered.map((t) => t.text).join(''));
  const b = words(replacement.map((t) => t.text).join(''));
  return a.length > 0 && (a.includes(b) || b.includes(a));
}

/**
 * The same labelled box drawn twice at one place (TikZ pictures or code blocks placed over one
 * another, a node repeated): the covered text already sat on a box of exactly the cover's shape
 * and colour, and the new text is set in the very font object of the covered text, so the one
 * typesetter drew both. A cover-up is a new box over text that sat on the page or a larger
 * cell, and the retyped text comes from the editor's own font; a re-distilled or reprinted
 * forgery keeps those apart.
 */
function redrawnNode(cover: FillPaint & { visible: BBox }, covered: TextPaint[], replacement: TextPaint[], backdrop: Backdrop): boolean {
  if (replacement.length === 0 || cover.annotation) return false;
  const fonts = new Set(covered.map((t) => t.fontId));
  if (fonts.size !== 1 || !replacement.every((t) => fonts.has(t.fontId))) return false;
  return covered.every((t) => {
    const own = backdrop.under(t);
    if (!own || own.kind !== 'fill' || own.stroke || own.annotation || own.blend || own.alpha < 0.9 || own.rect !== cover.rect) return false;
    const d = colorDistance(own.fill, cover.fill);
    return d !== null && d <= SAME_COLOUR && own.bbox.every((v, i) => Math.abs(v - cover.bbox[i]) <= T.sameEdge);
  });
}

/** An annotation's own text under its own background is its appearance, not a cover. */
function sameAnnotation(t: TextPaint, cover: Cover): boolean {
  return !!t.annotation && t.annotation.id === cover.annotation?.id;
}

/** One finding per spot: several boxes painted over the same text are one edit. */
function mergeOverlapping(hits: CoverHit[]): CoverHit[] {
  const out: CoverHit[] = [];
  for (const hit of hits) {
    const same = out.find((o) => o.covered.some((t) => hit.covered.includes(t)));
    if (!same) {
      out.push({ ...hit, covered: [...hit.covered], replacement: [...hit.replacement] });
      continue;
    }
    for (const t of hit.covered) if (!same.covered.includes(t)) same.covered.push(t);
    for (const t of hit.replacement) if (!same.replacement.includes(t)) same.replacement.push(t);
  }
  return out;
}

function toFinding(pageNo: number, hit: CoverHit): Found {
  const { cover, covered, replacement } = hit;
  const before = truncate(covered.map((t) => t.text).join(' '));
  const after = replacement.length ? truncate(replacement.map((t) => t.text).join(' ')) : undefined;
  const textBox = covered.map((t) => t.bbox).reduce(union);
  const evidence = {
    page: pageNo,
    bbox: cover.visible,
    regions: [regionOf(pageNo, cover.visible, 'cover'), ...covered.slice(0, 5).map((t) => regionOf(pageNo, t.bbox, 'covered text'))],
    before,
    ...(after ? { after } : {}),
    cover: cover.annotation ? `annotation ${cover.annotation.subtype}` : cover.kind === 'image' ? 'image' : `filled shape ${cover.fill ?? '(pattern)'}`,
    coveredTextBox: textBox,
  };
  const where = `on page ${pageNo}`;
  if (cover.annotation) {
    return {
      flag: 'hidden_content',
      code: 'hidden_content.annotation_over_text',
      summary: after
        ? `A ${cover.annotation.subtype} annotation ${where} covers "${before}" and shows "${after}" in its place.`
        : `A ${cover.annotation.subtype} annotation ${where} covers the text "${before}".`,
      pages: [pageNo],
      evidence,
      strength: after ? STRENGTH['hidden_content.annotation_over_text'].afterIssue : STRENGTH['hidden_content.annotation_over_text'].before,
    };
  }
  if (cover.kind === 'image') {
    return {
      flag: 'hidden_content',
      code: 'hidden_content.image_over_text',
      summary: after
        ? `An image ${where} is pasted over "${before}" and new text "${after}" is drawn on top of it.`
        : `An image ${where} is pasted over the text "${before}".`,
      pages: [pageNo],
      evidence,
      // Signatures and stamps are often placed over printed names; a patch with new text is not.
      strength: after ? STRENGTH['hidden_content.image_over_text'].afterIssue : STRENGTH['hidden_content.image_over_text'].before,
    };
  }
  if (after) {
    return {
      flag: 'hidden_content',
      code: 'hidden_content.covered_text_replaced',
      summary: `Text "${before}" ${where} is painted over by an opaque box and "${after}" is written on top of it.`,
      pages: [pageNo],
      evidence,
      strength: STRENGTH['hidden_content.covered_text_replaced'],
    };
  }
  return {
    flag: 'hidden_content',
    code: 'hidden_content.covered_text',
    summary: `Text "${before}" ${where} is hidden under an opaque box painted after it.`,
    pages: [pageNo],
    evidence,
    strength: STRENGTH['hidden_content.covered_text'],
  };
}
