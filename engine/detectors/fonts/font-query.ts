/** Questions font detectors ask of the text layer: which fonts draw what, where. */
import { boundingBox } from '../../kit/boxes.js';
import { splitSubset } from '../../read/pdf/text/fonts.js';
import type { FontFacts, PageLayer, TextRun } from '../../read/pdf/text/types.js';
import type { BBox } from '../../types.js';

export interface FontUse {
  name: string;
  facts: FontFacts;
  runs: TextRun[];
  pages: Set<number>;
  chars: number;
}

/**
 * Three font detectors ask this of the same page list (the context's `pages`): the answer is kept
 * per list. Callers only read it.
 */
const usesOfPages = new WeakMap<readonly PageLayer[], Map<string, FontUse>>();

/** Every font by its real name (fontIds are per load, names are what the file says). */
export function fontUses(pages: readonly PageLayer[]): Map<string, FontUse> {
  let uses = usesOfPages.get(pages);
  if (!uses) {
    uses = collectFontUses(pages);
    usesOfPages.set(pages, uses);
  }
  return uses;
}

function collectFontUses(pages: readonly PageLayer[]): Map<string, FontUse> {
  const uses = new Map<string, FontUse>();
  for (const page of pages) {
    for (const run of page.runs) {
      let use = uses.get(run.fontName);
      if (!use) {
        const facts = page.fonts?.[run.fontId] ?? fallbackFacts(run);
        use = { name: run.fontName, facts, runs: [], pages: new Set(), chars: 0 };
        uses.set(run.fontName, use);
      }
      use.runs.push(run);
      use.pages.add(page.page);
      use.chars += visibleChars(run.text);
    }
  }
  return uses;
}

function fallbackFacts(run: TextRun): FontFacts {
  const { subsetTag, baseName } = splitSubset(run.fontName);
  return { fontId: run.fontId, name: run.fontName, subsetTag, baseName, embedded: true, type3: false, bold: false, italic: false };
}

export function visibleChars(text: string): number {
  return text.replace(/\s/g, '').length;
}

export function hasDigit(text: string): boolean {
  return /\d/.test(text);
}

/**
 * Several font detectors ask this of every run, and a statement repeats its figures' texts
 * (dates, amounts): answers are remembered by text, dropped when the memo grows past the limit.
 */
const FIGURE_MEMO_LIMIT = 50_000;
/** Longer texts (sentences, whole lines) are rarely repeated and would make the memo heavy. */
const FIGURE_MEMO_TEXT = 64;
const figureMemo = new Map<string, boolean>();

/**
 * A figure: an amount, date, reference or count, where digits carry the meaning ("-12.50",
 * "01.03.2024", "148,83 PLN") -- not a heading or sentence that happens to contain a number.
 */
export function isFigure(text: string): boolean {
  if (text.length > FIGURE_MEMO_TEXT) return countsAsFigure(text);
  let hit = figureMemo.get(text);
  if (hit === undefined) {
    hit = countsAsFigure(text);
    if (figureMemo.size >= FIGURE_MEMO_LIMIT) figureMemo.clear();
    figureMemo.set(text, hit);
  }
  return hit;
}

function countsAsFigure(text: string): boolean {
  const digits = (text.match(/\p{N}/gu) ?? []).length;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  return digits > 0 && letters <= 4 && digits >= letters;
}

/** Letters and digits a run draws (the characters a subset must contain). */
export function alnumSet(runs: readonly TextRun[]): Set<string> {
  const set = new Set<string>();
  for (const r of runs) for (const ch of r.text) if (/[\p{L}\p{N}]/u.test(ch)) set.add(ch);
  return set;
}

export function runRegion(run: TextRun): { page: number; bbox: BBox; label: string } {
  return { page: run.page, bbox: run.bbox, label: `${run.text.slice(0, 40)} (${run.fontName} ${run.size}pt)` };
}

export function describeRun(run: TextRun): { text: string; font: string; size: number; bbox: BBox; page: number } {
  return { text: run.text, font: run.fontName, size: run.size, bbox: run.bbox, page: run.page };
}

/** Box around the runs on the first run's page (a box never spans pages). */
export function unionBox(all: readonly TextRun[]): BBox {
  return boundingBox(all.filter((r) => r.page === all[0].page).map((r) => r.bbox));
}

export function quote(runs: readonly TextRun[], max = 3): string {
  const shown = runs.slice(0, max).map((r) => `"${r.text.trim().slice(0, 40)}"`);
  return runs.length > max ? `${shown.join(', ')} and ${runs.length - max} more` : shown.join(', ');
}
