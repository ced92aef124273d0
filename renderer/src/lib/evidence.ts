import type { BBox, Evidence, Reason } from '../api/contract.js';

export interface Box {
  page: number;
  bbox: BBox;
  label?: string;
}

export interface Heatmap {
  page: number;
  bbox: BBox;
  image: string;
}

const FULL_PAGE: BBox = [0, 0, 1, 1];

function isBBox(v: unknown): v is BBox {
  return Array.isArray(v) && v.length === 4 && v.every((n) => typeof n === 'number' && Number.isFinite(n));
}

/** Fractions outside 0..1 or inverted corners come from rounding; keep boxes drawable. */
export function normalizeBBox(b: BBox): BBox {
  const c = (n: number) => Math.min(1, Math.max(0, n));
  const [x0, y0, x1, y1] = b.map(c);
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** Every box a reason's evidence names: `bbox` (on `page` or the reason's first page) and `regions`. */
export function boxesOf(reason: Reason): Box[] {
  const ev: Evidence = reason.evidence ?? {};
  const out: Box[] = [];
  const page = typeof ev.page === 'number' ? ev.page : reason.pages[0];
  if (isBBox(ev.bbox) && page) out.push({ page, bbox: normalizeBBox(ev.bbox) });
  if (Array.isArray(ev.regions)) {
    for (const r of ev.regions) {
      if (r && typeof r.page === 'number' && isBBox(r.bbox)) out.push({ page: r.page, bbox: normalizeBBox(r.bbox), label: r.label });
    }
  }
  return out;
}

/** Heat maps: `evidence.heatmap` as a data: URL, or {page?, bbox?, image} (defaults: reason page, whole page). */
export function heatmapsOf(reason: Reason): Heatmap[] {
  const h = reason.evidence?.heatmap;
  const page = (typeof reason.evidence?.page === 'number' ? reason.evidence.page : reason.pages[0]) ?? 1;
  const safe = (s: unknown): s is string => typeof s === 'string' && /^data:image\/(png|jpeg|webp);base64,/.test(s);
  if (safe(h)) return [{ page, bbox: FULL_PAGE, image: h }];
  if (h && typeof h === 'object' && safe(h.image)) {
    return [{ page: h.page ?? page, bbox: isBBox(h.bbox) ? normalizeBBox(h.bbox) : FULL_PAGE, image: h.image }];
  }
  return [];
}

/** The page a click on a reason should scroll to. */
export function targetPage(reason: Reason): number | null {
  return boxesOf(reason)[0]?.page ?? reason.pages[0] ?? null;
}

/** What the viewer draws: boxes (`selected` among them highlighted) and heat maps. */
export interface VisibleEvidence {
  boxes: Box[];
  selected: Box[];
  heatmaps: Heatmap[];
}

/** Boxes are compared by where they are: the check object (and so every Box) is rebuilt when it is re-fetched. */
export function boxKey(b: Box): string {
  return `${b.page}:${b.bbox.join(',')}`;
}

/**
 * Only the selected reason's boxes and heat maps, unless the reviewer asked for all of them: a
 * file with many revisions or regions would otherwise cover its page in red.
 */
export function visibleEvidence(
  all: { boxes: Box[]; heatmaps: Heatmap[] },
  selection: { boxes: Box[]; heatmaps: Heatmap[] } | null,
  showAll: boolean,
): VisibleEvidence {
  const selected = selection?.boxes ?? [];
  if (!showAll) return { boxes: selected, selected, heatmaps: selection?.heatmaps ?? [] };
  const known = new Set(all.boxes.map(boxKey));
  const extra = selected.filter((b) => !known.has(boxKey(b)));
  const images = new Set(all.heatmaps.map((h) => `${h.page}:${h.image}`));
  const heatmaps = [...all.heatmaps, ...(selection?.heatmaps ?? []).filter((h) => !images.has(`${h.page}:${h.image}`))];
  return { boxes: [...all.boxes, ...extra], selected, heatmaps };
}
