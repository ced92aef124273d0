/**
 * The work a page's content asks of a reader, counted through what it draws: a form XObject
 * drawn a thousand times is decoded and interpreted a thousand times, so a form of a few MB
 * (allowed on its own) drawn from every page, or from another form drawn many times, multiplies
 * into gigabytes. Per page: operators and `q` depth (pdf.js's text extraction is super-linear in
 * the depth); per document: the bytes interpreted over every use of every form.
 */
import { PdfDict, PdfName, PdfRef, PdfStream, type PdfValue } from './objects.js';
import { walkPages, type ObjectSource } from './pages.js';
import type { ContentCounts } from './content-scan.js';

export const CONTENT_LIMITS = {
  /** Genuine pages nest `q` a few dozen deep; pdf.js takes seconds from a few thousand. */
  maxDepth: 256,
  /** Operators one page may run, its forms' counted per use (dense genuine vector pages: ~10^5). */
  maxOperators: 2_000_000,
  /** Form draws on one page: pdf.js builds each anew (about a millisecond each, even when empty). */
  maxFormDraws: 1_000,
} as const;

export interface ContentPlan {
  pages: Array<{ page: number; contents: number[]; xobjects: Map<string, number> }>;
  /** Form XObjects: object number -> what its own resources name (null: inherits the page's). */
  forms: Map<number, Map<string, number> | null>;
}

function xobjectNames(file: ObjectSource, resources: PdfDict | null): Map<string, number> {
  const out = new Map<string, number>();
  const xobjects = file.dict(resources?.get('XObject'));
  if (!xobjects) return out;
  for (const [name, ref] of xobjects.map) if (ref instanceof PdfRef) out.set(name, ref.num);
  return out;
}

const MAX_FORMS = 10_000;

/** Which objects are page contents and forms, and the names each draws by; dictionaries only. */
export function planContent(file: ObjectSource, root: PdfValue | undefined): ContentPlan {
  const plan: ContentPlan = { pages: [], forms: new Map() };
  const pending: number[] = [];
  const noteForms = (names: Map<string, number>) => {
    for (const num of names.values()) if (!plan.forms.has(num) && plan.forms.size < MAX_FORMS) pending.push(num);
  };
  walkPages(file, root).forEach((p, i) => {
    const raw = p.dict.get('Contents');
    const resolved = file.resolve(raw);
    const list = Array.isArray(resolved) ? resolved : [raw];
    const contents = list.filter((r): r is PdfRef => r instanceof PdfRef).map((r) => r.num);
    const xobjects = xobjectNames(file, p.resources);
    plan.pages.push({ page: i + 1, contents, xobjects });
    noteForms(xobjects);
  });
  while (pending.length) {
    const num = pending.pop()!;
    if (plan.forms.has(num)) continue;
    const stream = file.resolve(new PdfRef(num, 0));
    if (!(stream instanceof PdfStream) || (stream.dict.get('Subtype') as PdfName | undefined)?.name !== 'Form') continue;
    const own = file.dict(stream.dict.get('Resources'));
    const names = own ? xobjectNames(file, own) : null;
    plan.forms.set(num, names);
    if (names) noteForms(names);
  }
  return plan;
}

export interface PageWork {
  page: number;
  operators: number;
  maxDepth: number;
  contents: number[];
  /** Uses per form drawn on the page, through nested forms too. */
  formDraws: Map<number, number>;
}

export interface ContentWork {
  pages: PageWork[];
  /** Per form: how many times it is drawn over the document (through nested forms too). */
  formUses: Map<number, number>;
}

/**
 * `counts`: the scan of each content or form stream by object number; `decoded` its size. Uses
 * multiply through nesting; a form drawing itself (directly or not) counts once.
 */
export function measureContentWork(plan: ContentPlan, counts: ReadonlyMap<number, ContentCounts>): ContentWork {
  const formUses = new Map<number, number>();
  const pages: PageWork[] = [];
  for (const p of plan.pages) {
    let operators = 0;
    let maxDepth = 0;
    const formDraws = new Map<number, number>();
    const stack: Array<{ num: number; times: number; names: Map<string, number>; depth: number; path: Set<number> }> = [];
    for (const num of p.contents) {
      const c = counts.get(num);
      if (!c) continue;
      operators += c.operators;
      maxDepth = Math.max(maxDepth, c.maxDepth);
      stack.push({ num, times: 1, names: p.xobjects, depth: 0, path: new Set() });
    }
    // Bounded: nothing past the operator budget is worth counting, and each step draws at least once.
    for (let steps = 0; stack.length && operators <= CONTENT_LIMITS.maxOperators * 4 && steps < 100_000; steps++) {
      const { num, times, names, depth, path } = stack.pop()!;
      const c = counts.get(num);
      if (!c) continue;
      for (const [name, uses] of c.draws) {
        const form = names.get(name);
        if (form === undefined || !plan.forms.has(form) || path.has(form) || form === num) continue;
        const fc = counts.get(form);
        if (!fc) continue;
        const n = times * uses;
        formUses.set(form, (formUses.get(form) ?? 0) + n);
        formDraws.set(form, (formDraws.get(form) ?? 0) + n);
        operators += n * fc.operators;
        maxDepth = Math.max(maxDepth, depth + c.maxDepth + fc.maxDepth);
        stack.push({ num: form, times: n, names: plan.forms.get(form) ?? names, depth: depth + c.maxDepth, path: new Set([...path, num]) });
      }
    }
    pages.push({ page: p.page, operators, maxDepth, contents: p.contents, formDraws });
  }
  return { pages, formUses };
}
