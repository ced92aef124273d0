/**
 * pdf.js text content items -> TextRuns: one run per same-font, same-size, same-baseline stretch
 * of text, with the real font name and a top-left-origin page box. Producers that write one glyph
 * per show operator would otherwise give a run per character.
 */
import type { BBox } from '../../../types.js';
import type { FontTable } from './fonts.js';
import { multiply, transformBox } from './matrix.js';
import type { FontFacts, TextRun } from './types.js';
import { round2 } from '../../../kit/numbers.js';

export interface TextItemLike {
  str: string;
  width: number;
  height: number;
  transform: number[];
  fontName: string;
  dir?: string;
}

export interface RunsInput {
  page: number;
  items: ArrayLike<unknown>;
  viewport: { transform: ArrayLike<number>; width: number; height: number };
  fonts: FontTable;
  fontStore: { has(id: string): boolean; get(id: string): unknown };
}

interface Draft extends TextRun {
  /** End of the run along the baseline (page fraction) for merging. */
  right: number;
  horizontal: boolean;
}

function isTextItem(it: unknown): it is TextItemLike {
  return typeof (it as TextItemLike)?.str === 'string' && Array.isArray((it as TextItemLike).transform);
}

export function buildRuns(input: RunsInput): { runs: TextRun[]; fonts: Record<string, FontFacts> } {
  const { viewport } = input;
  const toFrac = multiply([1 / viewport.width, 0, 0, 1 / viewport.height, 0, 0], viewport.transform);
  const fonts: Record<string, FontFacts> = {};
  const runs: Draft[] = [];
  for (let i = 0; i < input.items.length; i++) {
    const it = input.items[i];
    if (!isTextItem(it) || !it.str.trim()) continue;
    const metrics = input.fonts.lookup(input.fontStore, it.fontName);
    fonts[it.fontName] = metrics.facts;
    const t = it.transform;
    const sx = Math.hypot(t[0], t[1]) || 1;
    const size = Math.hypot(t[2], t[3]) || Math.abs(t[3]) || it.height;
    const m = multiply(toFrac, t);
    const bbox = transformBox(m, 0, metrics.descent, Math.max(it.width / sx, 1e-3), metrics.ascent) as BBox;
    // Baseline in page units from the bottom of the displayed page (rotation applied).
    const originY = viewport.transform[1] * t[4] + viewport.transform[3] * t[5] + viewport.transform[5];
    const draft: Draft = {
      page: input.page,
      text: it.str,
      fontId: it.fontName,
      fontName: metrics.facts.name,
      size: round2(size * Math.hypot(viewport.transform[2], viewport.transform[3])),
      bbox,
      baseline: round2(viewport.height - originY),
      right: bbox[2],
      horizontal: Math.abs(t[1]) < 1e-6 && Math.abs(t[2]) < 1e-6 && t[0] > 0,
    };
    const prev = runs[runs.length - 1];
    if (prev && canMerge(prev, draft, viewport.width)) merge(prev, draft, viewport.width);
    else runs.push(draft);
  }
  return { runs: runs.map(({ right: _r, horizontal: _h, ...run }) => ({ ...run, bbox: run.bbox.map(round5) as BBox })), fonts };
}

function canMerge(a: Draft, b: Draft, pageWidth: number): boolean {
  if (!a.horizontal || !b.horizontal || a.fontId !== b.fontId) return false;
  if (Math.abs(a.size - b.size) > 0.01 * a.size) return false;
  if (Math.abs(a.baseline - b.baseline) > 0.05 * a.size) return false;
  const gap = (b.bbox[0] - a.right) * pageWidth;
  return gap > -0.2 * a.size && gap < 0.5 * a.size;
}

function merge(a: Draft, b: Draft, pageWidth: number): void {
  const gap = (b.bbox[0] - a.right) * pageWidth;
  const needsSpace = gap > 0.15 * a.size && !a.text.endsWith(' ') && !b.text.startsWith(' ');
  a.text += (needsSpace ? ' ' : '') + b.text;
  a.bbox = [Math.min(a.bbox[0], b.bbox[0]), Math.min(a.bbox[1], b.bbox[1]), Math.max(a.bbox[2], b.bbox[2]), Math.max(a.bbox[3], b.bbox[3])];
  a.right = b.right;
}

function round5(v: number): number {
  return Math.round(v * 100000) / 100000;
}
