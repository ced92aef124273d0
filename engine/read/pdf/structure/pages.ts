/** The page tree walked iteratively (loops and absurd depths in hostile files end the walk). */
import { PdfDict, PdfRef, type PdfValue } from './objects.js';

/** Anything that can dereference objects: the whole file, or the file as of one revision. */
export interface ObjectSource {
  resolve(v: PdfValue | undefined): PdfValue | undefined;
  dict(v: PdfValue | undefined): PdfDict | null;
}

export interface PageNode {
  /** Object number of the page dictionary (0 when it is a direct object, which is invalid but seen). */
  num: number;
  dict: PdfDict;
  /** Inheritable attributes resolved through the ancestors. */
  resources: PdfDict | null;
  mediaBox: number[] | null;
  rotate: number;
}

const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
const MAX_PAGES = 100_000;

export function walkPages(file: ObjectSource, rootRef: PdfValue | undefined): PageNode[] {
  const root = file.dict(rootRef);
  const pagesRef = root?.get('Pages');
  const top = file.dict(pagesRef);
  if (!top) return [];
  const out: PageNode[] = [];
  const seen = new Set<number>();
  type Frame = { ref: PdfValue | undefined; inherited: Map<string, PdfValue | undefined> };
  const stack: Frame[] = [{ ref: pagesRef, inherited: new Map() }];
  while (stack.length && out.length < MAX_PAGES) {
    const { ref, inherited } = stack.pop()!;
    if (ref instanceof PdfRef) {
      if (seen.has(ref.num)) continue;
      seen.add(ref.num);
    }
    const node = file.dict(ref);
    if (!node) continue;
    const inh = new Map(inherited);
    for (const k of INHERITED) if (node.has(k)) inh.set(k, node.get(k));
    const kids = file.resolve(node.get('Kids'));
    const type = node.name('Type');
    if (type === 'Page' || (type !== 'Pages' && !Array.isArray(kids))) {
      const mb = file.resolve(inh.get('MediaBox'));
      const box = Array.isArray(mb) ? mb.map((x) => file.resolve(x)).filter((x): x is number => typeof x === 'number') : null;
      const rot = file.resolve(inh.get('Rotate'));
      out.push({
        num: ref instanceof PdfRef ? ref.num : 0,
        dict: node,
        resources: file.dict(inh.get('Resources')),
        mediaBox: box && box.length === 4 ? box : null,
        rotate: typeof rot === 'number' ? rot : 0,
      });
      continue;
    }
    if (!Array.isArray(kids)) continue;
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ ref: kids[i], inherited: inh });
  }
  return out;
}
