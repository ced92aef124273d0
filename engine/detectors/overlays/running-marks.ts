/**
 * Hidden text repeated at the same place on page after page, the same line but for its figures:
 * a printer's production slug (GPO's "VerDate ... Jkt ... Frm 00001 Fmt ..." in white on every
 * page), a job ticket or a tracking mark the layout carries. A forger hides a value where it
 * stood, once; a running mark says nothing about any one page.
 */
import type { TextPaint } from '../../read/pdf/text/types.js';
import { words } from '../../read/pdf/text/paint-query.js';

/** Pages a hidden line must recur on, at one place, to be the layout's running mark. */
export const RUNNING_MARK_MIN_PAGES = 3;
/** Same place: box corners within this share of the page. */
const SAME_PLACE = 0.01;

export interface HiddenText<R extends string> {
  page: number;
  op: TextPaint;
  reason: R;
}

export interface RunningMark<R extends string> {
  reason: R;
  pages: number[];
  marks: Array<HiddenText<R>>;
}

/** The line with its figures blanked out, and where it starts. */
function markKey(h: HiddenText<string>): string {
  const shape = words(h.op.text).replace(/\d+/g, '#');
  return `${h.reason}\u0000${shape}\u0000${Math.round(h.op.bbox[0] / SAME_PLACE)},${Math.round(h.op.bbox[1] / SAME_PLACE)}`;
}

/** Splits hidden texts into running marks (recurring on enough pages) and the rest. */
export function runningMarks<R extends string>(hidden: ReadonlyArray<HiddenText<R>>): { marks: Array<RunningMark<R>>; rest: Array<HiddenText<R>> } {
  const groups = new Map<string, Array<HiddenText<R>>>();
  for (const h of hidden) {
    const k = markKey(h);
    groups.set(k, [...(groups.get(k) ?? []), h]);
  }
  const marks: Array<RunningMark<R>> = [];
  const rest: Array<HiddenText<R>> = [];
  for (const group of groups.values()) {
    const pages = [...new Set(group.map((h) => h.page))].sort((a, b) => a - b);
    if (pages.length >= RUNNING_MARK_MIN_PAGES && words(group[0].op.text).length > 0) marks.push({ reason: group[0].reason, pages, marks: group });
    else rest.push(...group);
  }
  return { marks, rest };
}
