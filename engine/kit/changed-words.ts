/**
 * The words two versions of a text do not share: the common words at the start and at the end are
 * dropped, what lies between is the change (an edit of one figure leaves one word on each side).
 */
export function changedTokens(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split(/\s+/).filter(Boolean);
  const b = after.split(/\s+/).filter(Boolean);
  let s = 0;
  while (s < a.length && s < b.length && a[s] === b[s]) s++;
  let e = 0;
  while (e < a.length - s && e < b.length - s && a[a.length - 1 - e] === b[b.length - 1 - e]) e++;
  return { removed: a.slice(s, a.length - e), added: b.slice(s, b.length - e) };
}
