/**
 * Revision analysis: for every incremental update, what it added, changed and freed, which pages
 * it touched and how (content, images, resources), what kind of update it is (signature, form
 * fill, annotation, metadata, content edit), and the page text before and after.
 */
import type { RevisionSummary } from '../../../types.js';
import { ascendingNumbers } from '../../../kit/numbers.js';
import { openPdf, type PdfFile } from './document.js';
import { PdfDict, PdfName, PdfStream, PdfString } from './objects.js';
import { classifyObjects, fingerprint, pageFootprints, type ObjectRole, type PageFootprint } from './roles.js';
import { onlyThinLinesAppended, paginationArtifacts, resourcesPrint, sameDrawing, sameGlyphsPlacedAnew, samePageValue } from './page-compare.js';
import { attachSignedView } from './signed-view.js';
import { RevisionState } from './state.js';
import { decodePdfText } from './text-strings.js';
import { changedFieldValues } from './field-values.js';
import { diffLines, linesInPlace, openVersion, pageLines } from './text-diff.js';
import type { PageNode } from './pages.js';
import type { PDFDocumentProxy } from '../text/pdfjs.js';
import type { PdfRevision, PdfStructure } from './types.js';

/** Text diffs are costly (two pdf.js loads); bounded so that pathological files stay fast. */
const MAX_DIFFED_REVISIONS = 8;
const MAX_DIFFED_PAGES = 12;

type Summary = RevisionSummary;

/** Shared handles from the fact layer, so the file is parsed once and each version opened once. */
export interface RevisionSources {
  file?: PdfFile;
  /** pdf.js document of the file prefix ending at `end`; null when that version cannot be opened. Owned by the caller. */
  openVersion?: (end: number) => Promise<PDFDocumentProxy | null>;
}

export async function analyzeRevisions(bytes: Uint8Array, pdf: PdfStructure, sources: RevisionSources = {}): Promise<RevisionSummary[]> {
  const file = sources.file ?? openPdf(bytes);
  const revs = pdf.revisions;
  if (!revs.length) return [];
  const out: Summary[] = [];
  const originalIndex = revs.findIndex((r) => !r.isLinearizationSection);
  let prevState: RevisionState | null = null;
  let prevPages: PageFootprint[] | null = null;
  for (let i = 0; i < revs.length; i++) {
    const rev = revs[i];
    const state = RevisionState.upTo(file, revs, i);
    const info = infoOf(state);
    if (rev.isLinearizationSection || i <= originalIndex || originalIndex < 0) {
      const live = rev.entries.filter((e) => e.type !== 'f').map((e) => e.num);
      out.push({
        number: rev.number,
        endOffset: rev.endOffset,
        kind: rev.isLinearizationSection ? 'linearization' : 'original',
        added: unique(live),
        changed: [],
        deleted: [],
        changedPages: [],
        ...info,
      });
      if (!rev.isLinearizationSection) {
        prevState = state;
        prevPages = null;
      }
      continue;
    }
    const before = prevState ?? RevisionState.upTo(file, revs, i - 1);
    const summary = diffRevision(rev, before, state, prevPages ?? pageFootprints(before));
    out.push({ ...summary, ...info });
    prevState = state;
    prevPages = null;
  }
  attachSignatures(file, revs, out);
  const afterUpdates = async (open: (end: number) => Promise<PDFDocumentProxy | null>) => {
    await attachTextDiffs(revs, out, open);
    await attachSignedView(bytes, file, revs, out, open);
  };
  if (sources.openVersion) await afterUpdates(sources.openVersion);
  else await withOwnedVersions(bytes, afterUpdates);
  return out;
}

/** Object numbers once each, ascending. */
function unique(nums: number[]): number[] {
  return ascendingNumbers(new Set(nums));
}

function infoOf(state: RevisionState): Pick<Summary, 'producer' | 'creator' | 'modDate'> {
  const num = state.trailerRef('Info');
  const d = num === null ? null : state.dict(state.getObject(num));
  if (!d) return {};
  const str = (k: string): string | undefined => {
    const v = state.resolve(d.get(k));
    if (!(v instanceof PdfString)) return undefined;
    const bytes = state.file.encrypted ? state.file.stringBytes(v, num!, 0) : v.bytes;
    return bytes ? decodePdfText(bytes) : undefined;
  };
  const out: Pick<Summary, 'producer' | 'creator' | 'modDate'> = {};
  const p = str('Producer');
  const c = str('Creator');
  const m = str('ModDate');
  if (p) out.producer = p;
  if (c) out.creator = c;
  if (m) out.modDate = m;
  return out;
}

function diffRevision(rev: PdfRevision, before: RevisionState, after: RevisionState, oldPages: PageFootprint[]): Summary {
  const added: number[] = [];
  const changed: number[] = [];
  const deleted: number[] = [];
  const seen = new Set<number>();
  for (const e of rev.entries) {
    if (seen.has(e.num) || e.num === 0) continue;
    seen.add(e.num);
    const final = after.entries.get(e.num);
    if (!final || final.type === 'f') {
      if (before.live(e.num)) deleted.push(e.num);
      continue;
    }
    // Xref and object streams are containers; what they hold is compared object by object.
    const value = after.getObject(e.num);
    const type = value instanceof PdfStream ? value.dict.name('Type') : undefined;
    if (type === 'XRef' || type === 'ObjStm') continue;
    if (!before.live(e.num)) added.push(e.num);
    else if (fingerprint(before.getObject(e.num)) !== fingerprint(after.getObject(e.num))) changed.push(e.num);
  }
  const touched = new Set([...added, ...changed]);
  const newPages = pageFootprints(after);
  const roles = classifyObjects(after, newPages, touched);
  for (const n of deleted) roles.set(n, classifyObjects(before, oldPages, [n]).get(n) ?? 'other');
  const oldByNum = new Map(oldPages.map((p) => [p.num, p]));
  const pageChanges: NonNullable<Summary['pageChanges']> = [];
  const samePageCount = oldPages.length === newPages.length;
  // An earlier state whose page tree cannot be read says nothing about which pages changed.
  for (const p of oldPages.length ? newPages : []) {
    // A page object replaced under a new number (some viewers rewrite the page tree) is the same page.
    const old = oldByNum.get(p.num) ?? (samePageCount ? oldPages[p.page - 1] : undefined);
    const inserted = !old;
    // Compared by what the streams hold: a viewer may rewrite the same bytes under new numbers.
    // A save/restore wrapper added around unchanged content (done when annotating) paints nothing.
    const contents =
      !!old &&
      ([...p.contents].some((n) => touched.has(n)) || !sameSet(old.contents, p.contents)) &&
      streamsPrint(before, old.contents) !== streamsPrint(after, p.contents) &&
      !sameDrawing(before, old.contents, after, p.contents);
    const xobjects =
      !!old &&
      ([...p.xobjects].some((n) => touched.has(n)) || !sameSet(old.xobjects, p.xobjects)) &&
      streamsPrint(before, old.xobjects, true) !== streamsPrint(after, p.xobjects, true);
    // Resources compared by meaning: inlined or re-serialised with empty entries is the same.
    const resourcesTouched =
      !!old && ([...p.resources].some((n) => touched.has(n)) || !sameSet(old.resources, p.resources) || touched.has(p.num) || old.num !== p.num);
    const resources = resourcesTouched && resourcesPrint(before, old!.node.resources) !== resourcesPrint(after, p.node.resources);
    // A page dictionary rewritten to list new annotations, or stamped with an editor's
    // bookkeeping (LastModified, PieceInfo, Tabs, StructParents), is not a content change:
    // only the entries that change what the page shows count.
    // Those entries are read at their defaults: macOS PDFKit's append-mode save ("Quartz
    // PDFContext, AppendMode 1.1") writes every page it touches out again with `/Rotate 0`.
    const newDict = after.getObject(p.num);
    const boxes = !!old && (touched.has(p.num) || old.num !== p.num) ? changedRenderingKeys(before.getObject(old.num), newDict, old.node, p.node) : [];
    const pageDict = boxes.length > 0;
    // Page furniture an editor added (a watermark, header or footer marked as a pagination artifact).
    const furniture = contents ? [...paginationArtifacts(after, p.contents)].filter((a) => !paginationArtifacts(before, old!.contents).has(a)) : [];
    // Glyphs regrouped and placed anew (Acrobat's text editing); the text diff checks the places.
    const textPlacement = contents && sameGlyphsPlacedAnew(before, old!.contents, after, p.contents);
    const thinLines = contents && !textPlacement && onlyThinLinesAppended(before, old!.contents, after, p.contents);
    if (inserted || contents || xobjects || resources || pageDict)
      pageChanges.push({
        page: p.page,
        contents,
        xobjects,
        resources,
        pageDict,
        inserted,
        ...(furniture.length ? { paginationAdded: furniture } : {}),
        ...(boxes.length ? { boxes } : {}),
        ...(textPlacement ? { textPlacement } : {}),
        ...(thinLines ? { thinLines } : {}),
      });
  }
  const removedPages = newPages.length > 0 && oldPages.length > newPages.length;
  const addedPages = oldPages.length > 0 && newPages.length > oldPages.length && pageChanges.some((c) => c.inserted);
  const objectRoles: Record<string, number[]> = {};
  for (const [num, role] of roles) (objectRoles[role] ??= []).push(num);
  const fieldChanges = changedFieldValues(
    before,
    after,
    changed.filter((n) => roles.get(n) === 'form_field' || roles.get(n) === 'widget'),
  );
  return {
    ...(fieldChanges.length ? { fieldChanges } : {}),
    number: rev.number,
    endOffset: rev.endOffset,
    kind: kindOf(roles, pageChanges, removedPages),
    added: unique(added),
    changed: unique(changed),
    deleted: unique(deleted),
    changedPages: pageChanges.filter((c) => c.contents || c.xobjects || c.pageDict || c.inserted || c.resources).map((c) => c.page),
    ...(removedPages ? { pagesRemoved: { before: oldPages.length, after: newPages.length } } : {}),
    ...(addedPages ? { pagesAdded: { before: oldPages.length, after: newPages.length } } : {}),
    objectRoles,
    pageChanges,
  };
}

/** Page entries that change what a page shows; Contents and Resources are compared on their own. */
const RENDERING_KEYS: ReadonlySet<string> = new Set(['MediaBox', 'CropBox', 'Rotate', 'UserUnit', 'Group']);

/**
 * The entries of RENDERING_KEYS whose values differ between two versions of a page dictionary,
 * read as the page has them: MediaBox and Rotate through the page tree (inherited, or written
 * out at the default), a CropBox equal to the MediaBox when absent.
 */
function changedRenderingKeys(a: unknown, b: unknown, nodeA: PageNode, nodeB: PageNode): string[] {
  if (!(a instanceof PdfDict) || !(b instanceof PdfDict)) return [];
  const mod360 = (r: number) => ((r % 360) + 360) % 360;
  const value = (d: PdfDict, node: PageNode, k: string) =>
    k === 'Rotate'
      ? mod360(node.rotate)
      : k === 'MediaBox'
        ? (node.mediaBox ?? d.get(k))
        : k === 'CropBox'
          ? (d.get(k) ?? node.mediaBox ?? d.get('MediaBox'))
          : d.get(k);
  // Compared by value, not spelling: a viewer writing the page out again rounds its reals.
  return [...RENDERING_KEYS].filter((k) => !samePageValue(value(a, nodeA, k), value(b, nodeB, k)));
}

function streamsPrint(state: RevisionState, nums: Set<number>, unordered = false): string {
  const prints = [...nums].map((n) => fingerprint(state.getObject(n)));
  return (unordered ? prints.sort() : prints).join(',');
}

function sameSet(a: Set<number>, b: Set<number>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}

/**
 * Roles each benign kind may touch. page_content is allowed because kindOf only gets here when
 * every page still draws the same (e.g. content re-wrapped in q/Q when an annotation was added).
 */
const BENIGN_FOR: Record<string, ReadonlySet<ObjectRole>> = {
  signature: new Set([
    'signature',
    'widget',
    'form_field',
    'acroform',
    'appearance',
    'dss',
    'catalog',
    'info',
    'metadata',
    'page',
    'other',
    'page_resource',
    'page_content',
  ]),
  form_fill: new Set(['widget', 'form_field', 'acroform', 'appearance', 'catalog', 'info', 'metadata', 'page', 'page_resource', 'page_content', 'other']),
  annotation: new Set(['annotation', 'widget', 'appearance', 'catalog', 'info', 'metadata', 'page', 'page_resource', 'page_content', 'other']),
  metadata: new Set(['info', 'metadata', 'catalog']),
};

function kindOf(roles: Map<number, ObjectRole>, pages: NonNullable<Summary['pageChanges']>, removedPages: boolean): Summary['kind'] {
  if (pages.some((p) => p.contents || p.xobjects || p.pageDict || p.inserted) || removedPages) return 'content_edit';
  const present = new Set(roles.values());
  const only = (kind: string) => [...present].every((r) => BENIGN_FOR[kind].has(r));
  if (present.size === 0) return 'other';
  if ((present.has('signature') || present.has('dss')) && only('signature')) return 'signature';
  if (only('metadata')) return 'metadata';
  if ((present.has('widget') || present.has('form_field') || present.has('acroform')) && only('form_fill')) return 'form_fill';
  if (present.has('annotation') && only('annotation')) return 'annotation';
  return 'other';
}

/** Signature dictionaries (with /ByteRange) found in the body, each credited to the revision that wrote it. */
function attachSignatures(file: PdfFile, revs: PdfRevision[], out: Summary[]): void {
  for (const o of file.scan.objects) {
    const d = o.value instanceof PdfDict ? o.value : null;
    const br = d?.get('ByteRange');
    if (!d || !Array.isArray(br) || br.length !== 4 || !br.every((x) => typeof x === 'number')) continue;
    const [, , c, len] = br as number[];
    const end = c + len;
    const idx = revs.findIndex((r) => o.offset < r.endOffset);
    if (idx < 0) continue;
    const covered = revs.find((r) => Math.abs(r.endOffset - end) <= 2) ?? revs.find((r) => r.endOffset >= end && r.xrefOffset < end);
    const name = d.get('Name');
    const sub = d.get('SubFilter');
    const docMdp = transformOf(file, d, 'DocMDP');
    const usageRights = transformOf(file, d, 'UR3') ?? transformOf(file, d, 'UR');
    (out[idx].signatures ??= []).push({
      object: o.num,
      byteRangeEnd: end,
      coversRevision: covered?.number ?? null,
      ...(sub instanceof PdfName ? { subFilter: sub.name } : {}),
      ...(name instanceof PdfString && !file.encrypted ? { signer: decodePdfText(name.bytes) } : {}),
      ...(docMdp !== undefined ? { docMdp } : {}),
      ...(usageRights !== undefined ? { usageRights: true } : {}),
    });
  }
}

/** The /P of a signature reference with this transform method (2 when the parameters leave it out); undefined without one. */
function transformOf(file: PdfFile, sig: PdfDict, method: string): number | undefined {
  const refs = file.resolve(sig.get('Reference'));
  for (const r of Array.isArray(refs) ? refs : []) {
    const ref = file.dict(r);
    if (ref?.name('TransformMethod') !== method) continue;
    const p = file.resolve(file.dict(ref.get('TransformParams'))?.get('P'));
    return typeof p === 'number' && p >= 1 && p <= 3 ? p : 2;
  }
  return undefined;
}

/** Opens each version at most once for a standalone call, and closes them all afterwards. */
async function withOwnedVersions(bytes: Uint8Array, work: (open: (end: number) => Promise<PDFDocumentProxy | null>) => Promise<void>): Promise<void> {
  const docs = new Map<number, Promise<PDFDocumentProxy | null>>();
  const open = (end: number) => {
    let d = docs.get(end);
    if (!d) docs.set(end, (d = openVersion(bytes, end)));
    return d;
  };
  try {
    await work(open);
  } finally {
    for (const d of docs.values()) await (await d)?.destroy().catch(() => undefined);
  }
}

async function attachTextDiffs(revs: PdfRevision[], out: Summary[], open: (end: number) => Promise<PDFDocumentProxy | null>): Promise<void> {
  const edits = out.filter((s) => s.kind === 'content_edit').slice(0, MAX_DIFFED_REVISIONS);
  const placed = new Set<NonNullable<Summary['pageChanges']>[number]>();
  for (const s of edits) {
    const idx = out.indexOf(s);
    const prevEnd = revs[idx - 1]?.endOffset;
    if (prevEnd === undefined) continue;
    // Consecutive edits share a version (one's "after" is the next one's "before"): opened once.
    const [oldDoc, newDoc] = await Promise.all([open(prevEnd), open(s.endOffset)]);
    if (!oldDoc || !newDoc) continue;
    const diffs: NonNullable<Summary['textDiff']> = [];
    const oldPageOf = await pageNumberMap(oldDoc, newDoc);
    for (const page of s.changedPages.slice(0, MAX_DIFFED_PAGES)) {
      const oldPage = oldPageOf.get(page);
      // A page an earlier (or damaged) version cannot give is no diff, not a failed analysis.
      const after = await pageLines(newDoc, page).catch(() => []);
      const before = oldPage ? await pageLines(oldDoc, oldPage).catch(() => []) : [];
      for (const d of diffLines(before, after)) diffs.push({ page, ...d });
      const change = s.pageChanges?.find((c) => c.page === page);
      if (change?.textPlacement && linesInPlace(before, after)) placed.add(change);
    }
    s.textDiff = diffs;
  }
  // Glyphs placed anew count only where the rendered lines were seen in their old places.
  for (const c of out.flatMap((s) => s.pageChanges ?? [])) if (c.textPlacement && !placed.has(c)) delete c.textPlacement;
}

/** Maps new page numbers to old ones through the page objects' numbers. */
async function pageNumberMap(oldDoc: Awaited<ReturnType<typeof openVersion>>, newDoc: Awaited<ReturnType<typeof openVersion>>): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (!oldDoc || !newDoc) return map;
  // Identity beyond this size: resolving every page reference costs more than it tells.
  if (oldDoc.numPages > 200 || newDoc.numPages > 200) {
    for (let p = 1; p <= Math.min(oldDoc.numPages, newDoc.numPages); p++) map.set(p, p);
    return map;
  }
  const oldNums = new Map<number, number>();
  for (let p = 1; p <= oldDoc.numPages; p++) {
    const ref = await oldDoc
      .getPage(p)
      .then((pg) => pg.ref)
      .catch(() => null);
    if (ref) oldNums.set(ref.num, p);
  }
  for (let p = 1; p <= newDoc.numPages; p++) {
    const ref = await newDoc
      .getPage(p)
      .then((pg) => pg.ref)
      .catch(() => null);
    const old = ref ? oldNums.get(ref.num) : undefined;
    if (old) map.set(p, old);
  }
  return map;
}
