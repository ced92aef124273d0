/**
 * Differential reading: where a file presents choices, each alternative reading is built and
 * what it shows is compared with the first (the strict cross-reference reading when the file
 * has one): the number of pages, and per page the text, the images and the drawing. A reading
 * that cannot show a page (content that does not decode, a stream cut short) is a broken
 * reading of that page, not another version of it, so that page is not compared.
 */
import { changedTokens } from '../../../../kit/changed-words.js';
import type { PdfFile } from '../document.js';
import { findChoices, type Choice } from './choices.js';
import { viewPage, type PageView, type ViewBudget } from './page-view.js';
import { buildReadings, type Reading } from './readings.js';
import { indexScan, type Pick } from './sources.js';

export type DisagreementKind = 'text' | 'images' | 'pages' | 'drawing';

export interface Disagreement {
  kind: DisagreementKind;
  /** The two readings compared: the first is the reference reading. */
  readings: [string, string];
  /** 1-based page where they part (for 'pages', the first page only one of them shows). */
  page: number;
  /** Page counts of both readings. */
  pageCounts: [number, number];
  /** What each shows on that page (text, shortened). */
  shown: [string, string];
  /** The words that differ, each side. */
  changed: [string, string];
  /** Objects the two readings took from different places: number and offset/length in each. */
  objects: Array<{ num: number; first: Pick | null; second: Pick | null }>;
}

export interface ReadingComparison {
  choices: Choice[];
  readings: Array<{ name: string; pages: number }>;
  disagreements: Disagreement[];
}

/** Decoded content per reading; beyond this the rest of the reading is not compared. */
const CONTENT_BUDGET = 32 * 1024 * 1024;
const MAX_PAGES = 500;
const MAX_DISAGREEMENTS = 20;
const SHOWN_CHARS = 400;

/** Null when the file presents no choice: then no alternative reading exists and nothing was built. */
export function compareReadings(file: PdfFile): ReadingComparison | null {
  if (file.encrypted) return null;
  const index = indexScan(file);
  const choices = findChoices(file, index);
  if (!choices.length) return null;
  const readings = buildReadings(file, index, choices);
  const disagreements: Disagreement[] = [];
  const views = new ViewCache();
  const [ref, ...others] = readings;
  for (const other of others) {
    for (const d of compareTwo(ref, other, views)) if (disagreements.length < MAX_DISAGREEMENTS) disagreements.push(d);
  }
  return { choices, readings: readings.map((r) => ({ name: r.name, pages: r.pages.length })), disagreements };
}

/** Page views are shared by readings that use the same objects (a /Count reading, a rebuilt page list). */
class ViewCache {
  private readonly bySource = new Map<Reading['source'], { budget: ViewBudget; views: Map<number, PageView> }>();
  view(r: Reading, i: number): PageView {
    let entry = this.bySource.get(r.source);
    if (!entry) this.bySource.set(r.source, (entry = { budget: { bytes: CONTENT_BUDGET }, views: new Map() }));
    const page = r.pages[i];
    const key = page.num || -(i + 1);
    let v = entry.views.get(key);
    if (!v) entry.views.set(key, (v = viewPage(r.source, page, entry.budget)));
    return v;
  }
}

function compareTwo(a: Reading, b: Reading, views: ViewCache): Disagreement[] {
  const out: Disagreement[] = [];
  const counts: [number, number] = [a.pages.length, b.pages.length];
  const n = Math.min(counts[0], counts[1], MAX_PAGES);
  for (let i = 0; i < n; i++) {
    const va = views.view(a, i);
    const vb = views.view(b, i);
    if (va.unreadable || vb.unreadable) continue;
    const kind: DisagreementKind | null =
      va.text !== vb.text ? 'text' : va.images.join() !== vb.images.join() ? 'images' : va.drawing !== vb.drawing ? 'drawing' : null;
    if (kind) out.push(disagreement(kind, a, b, i, counts, va.text, vb.text));
  }
  if (counts[0] !== counts[1] && n === Math.min(counts[0], counts[1])) {
    const longer = counts[0] > counts[1] ? a : b;
    const extra = longer.pages.slice(n, n + 3).map((_, k) => views.view(longer, n + k));
    const text = extra.map((v) => v.text).join(' ');
    out.push(disagreement('pages', a, b, n, counts, longer === a ? text : '', longer === b ? text : ''));
  }
  return out;
}

function disagreement(kind: DisagreementKind, a: Reading, b: Reading, i: number, counts: [number, number], ta: string, tb: string): Disagreement {
  const { removed, added } = changedTokens(ta, tb);
  return {
    kind,
    readings: [a.name, b.name],
    page: i + 1,
    pageCounts: counts,
    shown: [ta.slice(0, SHOWN_CHARS), tb.slice(0, SHOWN_CHARS)],
    changed: [removed.join(' ').slice(0, SHOWN_CHARS), added.join(' ').slice(0, SHOWN_CHARS)],
    objects: differingPicks(a, b),
  };
}

function differingPicks(a: Reading, b: Reading): Disagreement['objects'] {
  const pa = a.source.picks ?? new Map<number, Pick>();
  const pb = b.source.picks ?? new Map<number, Pick>();
  const at = (r: Reading, p: Pick | undefined): Pick | null => (p ? { ...p, offset: p.offset < 0 ? p.offset : p.offset + r.base } : null);
  const out: Disagreement['objects'] = [];
  for (const num of [...new Set([...pa.keys(), ...pb.keys()])].sort((x, y) => x - y)) {
    const first = at(a, pa.get(num));
    const second = at(b, pb.get(num));
    if (first?.offset !== second?.offset || first?.length !== second?.length) out.push({ num, first, second });
    if (out.length >= 10) break;
  }
  return out;
}
