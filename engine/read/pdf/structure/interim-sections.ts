/**
 * Interim cross-reference sections: indexes a writer left unchained in the file that reveal no
 * version of any object other than the one the live document uses. They are not earlier saves.
 */
import { PdfRef, type PdfValue } from './objects.js';
import type { Section, XrefEntry } from './types.js';

/**
 * Some writers (PdfPig's FontMatrix test files) flush the page tree and catalog, index them with
 * an xref stream, go on writing (fonts, contents, the page dictionary rewritten in place, which
 * leaves that index's offsets stale) and end with one complete xref stream that reuses the first
 * one's object number, without /Prev. The first index is interim, not an earlier save: it lies
 * before the live index, names the same catalog and Info, and every object it lists in use (its
 * own xref stream aside) is defined in the body once, at the place the live index gives, so it
 * holds no other version of anything. An earlier save that a later one replaced leaves the
 * replaced objects' first definitions in the body (one who deletes them has rewritten the file
 * and could as well have deleted the index). An index appended after the live one, or one
 * listing nothing in use, stays unlinked.
 */
export function isInterimSection(
  s: Section,
  chain: readonly Section[],
  live: {
    entry: (num: number) => XrefEntry | undefined;
    trailer: (key: string) => PdfValue | undefined;
    definitions: (num: number) => number[];
    headerOffset: number;
  },
): boolean {
  const newest = chain[0];
  if (!newest || s.offset >= newest.offset) return false;
  // Absent from the interim trailer is fine (written later); present, it must be the live one.
  const same = (a: PdfValue | undefined, b: PdfValue | undefined) =>
    a instanceof PdfRef ? b instanceof PdfRef && a.num === b.num && a.gen === b.gen : a === undefined;
  if (!(s.trailer.get('Root') instanceof PdfRef) || !same(s.trailer.get('Root'), live.trailer('Root'))) return false;
  if (!same(s.trailer.get('Info'), live.trailer('Info'))) return false;
  const used = s.entries.filter((e) => e.type !== 'f' && e.num !== s.xrefStreamNum);
  if (!used.length) return false;
  return used.every((e) => {
    const now = live.entry(e.num);
    if (!now || now.type !== e.type || now.gen !== e.gen) return false;
    if (e.type === 'c') return now.streamNum === e.streamNum && now.streamIndex === e.streamIndex;
    return live.definitions(e.num).every((at) => at === now.offset || at === now.offset + live.headerOffset);
  });
}
