/**
 * What an object is for, as seen from one revision: page content, page resources, annotation,
 * form field, signature, metadata... This is what separates a benign update (a filled form, a
 * signature) from an edit of what the page shows.
 */
import { createHash } from 'node:crypto';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.js';
import { walkPages, type PageNode } from './pages.js';
import type { RevisionState } from './state.js';

export type ObjectRole =
  | 'page_content'
  | 'page_resource'
  | 'page_xobject'
  | 'page'
  | 'page_tree'
  | 'annotation'
  | 'widget'
  | 'appearance'
  | 'form_field'
  | 'acroform'
  | 'signature'
  | 'dss'
  | 'catalog'
  | 'info'
  | 'metadata'
  | 'object_stream'
  | 'xref_stream'
  | 'other';

/** Everything a page draws with: content streams, its resources and what they reference. */
export interface PageFootprint {
  page: number;
  num: number;
  contents: Set<number>;
  resources: Set<number>;
  xobjects: Set<number>;
  annots: Set<number>;
  node: PageNode;
}

export interface RevisionRoles {
  pages: PageFootprint[];
  roles: Map<number, ObjectRole>;
}

function refNums(v: PdfValue | undefined, src: RevisionState, out: Set<number>, depth = 0): void {
  if (depth > 4 || v === undefined || v === null) return;
  if (v instanceof PdfRef) {
    if (out.has(v.num)) return;
    out.add(v.num);
    return refNums(src.getObject(v.num), src, out, depth + 1);
  }
  if (Array.isArray(v)) for (const x of v) refNums(x, src, out, depth + 1);
  else if (v instanceof PdfDict) for (const x of v.map.values()) refNums(x, src, out, depth + 1);
  else if (v instanceof PdfStream) for (const x of v.dict.map.values()) refNums(x, src, out, depth + 1);
}

function directRefs(v: PdfValue | undefined, src: RevisionState): number[] {
  const r = v instanceof PdfRef ? [v.num] : [];
  const val = src.resolve(v);
  if (Array.isArray(val)) for (const x of val) if (x instanceof PdfRef) r.push(x.num);
  return r;
}

export function pageFootprints(state: RevisionState): PageFootprint[] {
  const rootNum = state.trailerRef('Root');
  const pages = walkPages(state, rootNum === null ? undefined : new PdfRef(rootNum, 0));
  return pages.map((node, i) => {
    const contents = new Set(directRefs(node.dict.get('Contents'), state));
    const resources = new Set<number>();
    const xobjects = new Set<number>();
    const resRaw = node.dict.get('Resources');
    if (resRaw instanceof PdfRef) resources.add(resRaw.num);
    const res = node.resources;
    if (res) {
      for (const key of ['Font', 'ExtGState', 'ColorSpace', 'Pattern', 'Shading', 'Properties']) refNums(res.get(key), state, resources, 2);
      const xo = state.dict(res.get('XObject'));
      if (res.get('XObject') instanceof PdfRef) resources.add((res.get('XObject') as PdfRef).num);
      // Images and form XObjects drawn by the page (one level of nested forms).
      for (const v of xo?.map.values() ?? []) {
        if (!(v instanceof PdfRef)) continue;
        xobjects.add(v.num);
        const inner = state.dict(state.dict(v)?.get('Resources'))?.get('XObject');
        for (const w of state.dict(inner)?.map.values() ?? []) if (w instanceof PdfRef) xobjects.add(w.num);
      }
    }
    const annots = new Set(directRefs(node.dict.get('Annots'), state));
    return { page: i + 1, num: node.num, contents, resources, xobjects, annots, node };
  });
}

/** Assigns a role to every object number of interest in one revision state. */
export function classifyObjects(state: RevisionState, pages: PageFootprint[], nums: Iterable<number>): Map<number, ObjectRole> {
  const roles = new Map<number, ObjectRole>();
  const content = new Set<number>();
  const resources = new Set<number>();
  const xobjects = new Set<number>();
  const annots = new Set<number>();
  for (const p of pages) {
    p.contents.forEach((n) => content.add(n));
    p.resources.forEach((n) => resources.add(n));
    p.xobjects.forEach((n) => xobjects.add(n));
    p.annots.forEach((n) => annots.add(n));
  }
  const appearances = new Set<number>();
  for (const a of annots) {
    const ap = state.dict(state.dict(a)?.get('AP'));
    if (ap) refNums(ap, state, appearances, 1);
    const mk = state.dict(a)?.get('MK');
    if (mk) refNums(mk, state, appearances, 1);
  }
  const rootNum = state.trailerRef('Root');
  const infoNum = state.trailerRef('Info');
  const root = rootNum === null ? null : state.dict(state.getObject(rootNum));
  const acroformRef = root?.get('AcroForm');
  const metadataRef = root?.get('Metadata');
  const dss = new Set<number>();
  if (root?.get('DSS')) refNums(root.get('DSS'), state, dss, 0);
  const fields = new Set<number>();
  const af = state.dict(acroformRef);
  if (af) {
    if (af.get('DR')) refNums(af.get('DR'), state, appearances, 1);
    collectFields(af.get('Fields'), state, fields, 0);
  }
  for (const num of nums) {
    const v = state.getObject(num);
    const d = v instanceof PdfStream ? v.dict : v instanceof PdfDict ? v : null;
    const type = d?.name('Type');
    let role: ObjectRole = 'other';
    if (num === rootNum) role = 'catalog';
    else if (num === infoNum) role = 'info';
    else if (metadataRef instanceof PdfRef && metadataRef.num === num) role = 'metadata';
    else if (type === 'Metadata') role = 'metadata';
    else if (type === 'XRef') role = 'xref_stream';
    else if (type === 'ObjStm') role = 'object_stream';
    else if (d && (type === 'Sig' || type === 'DocTimeStamp' || (d.has('ByteRange') && d.has('Contents')))) role = 'signature';
    else if (d && d.name('FT') === 'Sig') role = 'signature';
    else if (content.has(num)) role = 'page_content';
    else if (xobjects.has(num)) role = 'page_xobject';
    else if (type === 'Page') role = 'page';
    else if (type === 'Pages') role = 'page_tree';
    else if (d && d.name('Subtype') === 'Widget') role = 'widget';
    else if (d && (type === 'Annot' || annots.has(num))) role = 'annotation';
    else if (appearances.has(num)) role = 'appearance';
    else if (acroformRef instanceof PdfRef && acroformRef.num === num) role = 'acroform';
    else if (fields.has(num) || (d && d.has('FT'))) role = 'form_field';
    else if (dss.has(num)) role = 'dss';
    else if (resources.has(num)) role = 'page_resource';
    roles.set(num, role);
  }
  return roles;
}

function collectFields(v: PdfValue | undefined, state: RevisionState, out: Set<number>, depth: number): void {
  if (depth > 12) return;
  const arr = state.resolve(v);
  if (!Array.isArray(arr)) return;
  for (const f of arr) {
    if (!(f instanceof PdfRef) || out.has(f.num)) continue;
    out.add(f.num);
    collectFields(state.dict(f)?.get('Kids'), state, out, depth + 1);
  }
}

/** A canonical fingerprint of a value, to tell a real change from an object rewritten as it was. */
export function fingerprint(v: PdfValue | undefined, skipKeys: readonly string[] = []): string {
  const h = createHash('sha1');
  const walk = (x: PdfValue | undefined, depth: number): void => {
    if (depth > 32) return;
    if (x === undefined || x === null) h.update('n;');
    else if (typeof x === 'number' || typeof x === 'boolean') h.update(`${x};`);
    else if (x instanceof PdfName) h.update(`/${x.name};`);
    else if (x instanceof PdfRef) h.update(`${x.num} ${x.gen} R;`);
    else if (x instanceof PdfString) h.update(`(${Buffer.from(x.bytes).toString('hex')});`);
    else if (Array.isArray(x)) {
      h.update('[');
      for (const y of x) walk(y, depth + 1);
      h.update(']');
    } else {
      const d = x instanceof PdfStream ? x.dict : x;
      h.update('<<');
      for (const k of d.keys().sort()) {
        if (depth === 0 && skipKeys.includes(k)) continue;
        if (x instanceof PdfStream && k === 'Length') continue;
        h.update(`/${k} `);
        walk(d.get(k), depth + 1);
      }
      h.update('>>');
      if (x instanceof PdfStream) h.update(x.raw());
    }
  };
  walk(v, 0);
  return h.digest('hex');
}
