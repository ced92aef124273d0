/**
 * Text before and after an update: the file prefix that ends at a revision is a complete PDF
 * as it was then, so pdf.js reads each version; lines are diffed with their positions.
 */
import { openPdf as openWithPdfjs, type PDFDocumentProxy } from '../text/pdfjs.js';
import type { BBox } from '../../types.js';

export interface TextLine {
  text: string;
  bbox: BBox;
}

export interface LineDiff {
  before: string;
  after: string;
  bbox: BBox;
}

/** Loads a file prefix with pdf.js; null when that version cannot be opened. */
export async function openVersion(bytes: Uint8Array, end: number): Promise<PDFDocumentProxy | null> {
  try {
    return await openWithPdfjs(bytes.subarray(0, end));
  } catch {
    return null;
  }
}

interface Item {
  str: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A page's text grouped into lines (same baseline), each with its box as page fractions, top-left origin. */
export async function pageLines(doc: PDFDocumentProxy, pageNumber: number): Promise<TextLine[]> {
  if (pageNumber < 1 || pageNumber > doc.numPages) return [];
  const page = await doc.getPage(pageNumber);
  try {
    const [x0, y0, x1, y1] = page.view;
    const W = x1 - x0 || 1;
    const H = y1 - y0 || 1;
    const content = await page.getTextContent();
    const items: Item[] = [];
    for (const it of content.items) {
      if (!('str' in it) || !it.str.trim()) continue;
      const t = it.transform as number[];
      const size = Math.hypot(t[2], t[3]) || it.height || 10;
      items.push({ str: it.str, x: t[4], y: t[5], w: it.width, h: size });
    }
    items.sort((a, b) => b.y - a.y || a.x - b.x);
    const lines: Item[][] = [];
    for (const it of items) {
      const line = lines.find((l) => Math.abs(l[0].y - it.y) <= Math.max(1, 0.3 * Math.min(l[0].h, it.h)));
      if (line) line.push(it);
      else lines.push([it]);
    }
    return lines.map((l) => {
      l.sort((a, b) => a.x - b.x);
      let text = '';
      let lastEnd = -Infinity;
      for (const it of l) {
        if (text && it.x - lastEnd > 0.2 * it.h && !text.endsWith(' ') && !it.str.startsWith(' ')) text += ' ';
        text += it.str;
        lastEnd = it.x + it.w;
      }
      const left = Math.min(...l.map((i) => i.x));
      const right = Math.max(...l.map((i) => i.x + i.w));
      const top = Math.max(...l.map((i) => i.y + i.h));
      const bottom = Math.min(...l.map((i) => i.y - 0.25 * i.h));
      const clamp = (v: number) => Math.min(1, Math.max(0, v));
      return { text: text.replace(/\s+/g, ' ').trim(), bbox: [clamp((left - x0) / W), clamp((y1 - top) / H), clamp((right - x0) / W), clamp((y1 - bottom) / H)] as BBox };
    });
  } finally {
    page.cleanup();
  }
}

/**
 * Lines that differ between two versions of a page. Unchanged lines are matched by text;
 * the rest are paired by vertical position so that an edited line reads as before -> after.
 */
export function diffLines(before: TextLine[], after: TextLine[]): LineDiff[] {
  const remaining = new Map<string, number>();
  for (const l of before) remaining.set(l.text, (remaining.get(l.text) ?? 0) + 1);
  const added: TextLine[] = [];
  for (const l of after) {
    const n = remaining.get(l.text) ?? 0;
    if (n > 0) remaining.set(l.text, n - 1);
    else added.push(l);
  }
  const afterCount = new Map<string, number>();
  for (const l of after) afterCount.set(l.text, (afterCount.get(l.text) ?? 0) + 1);
  const removed: TextLine[] = [];
  for (const l of before) {
    const n = afterCount.get(l.text) ?? 0;
    if (n > 0) afterCount.set(l.text, n - 1);
    else removed.push(l);
  }
  const out: LineDiff[] = [];
  const unpaired = new Set(removed);
  for (const a of added) {
    let best: TextLine | null = null;
    let bestDist = Infinity;
    for (const r of unpaired) {
      const d = Math.abs(r.bbox[1] - a.bbox[1]) + 0.25 * Math.abs(r.bbox[0] - a.bbox[0]);
      if (d < bestDist) {
        bestDist = d;
        best = r;
      }
    }
    if (best && bestDist < 0.03) {
      unpaired.delete(best);
      out.push({ before: best.text, after: a.text, bbox: union(best.bbox, a.bbox) });
    } else out.push({ before: '', after: a.text, bbox: a.bbox });
  }
  for (const r of unpaired) out.push({ before: r.text, after: '', bbox: r.bbox });
  return out.sort((x, y) => x.bbox[1] - y.bbox[1]);
}

function union(a: BBox, b: BBox): BBox {
  return [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])];
}
