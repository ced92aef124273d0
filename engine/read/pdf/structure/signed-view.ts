/**
 * What a person saw when a document was signed, against what the final file shows. A signature
 * covers the bytes up to its /ByteRange; updates written after it are allowed by the format, so a
 * signature can still verify while the pages show something else ("shadow" and "incremental
 * saving" attacks). The update may touch any object a page resolves to (an XObject, the optional
 * content configuration, an annotation's appearance, a /Contents array pointing at a stream that
 * was present but unused), so the comparison is made on what is painted and visible, not on
 * which objects changed. Words that were already drawn but invisible at signing (covered, on a
 * hidden layer, invisible render mode, off the page, microscopic) and show now were prepared
 * before signing; so were streams present but unused at signing that a page now draws.
 */
import type { BBox, RevisionSummary, SignedViewChange, SignedViewDiff, SignedViewSource } from '../../../types.js';
import { coveredFraction, intersect, overlapOfSmaller, union } from '../../../kit/boxes.js';
import { readPdfText } from '../text/index.js';
import type { PDFDocumentProxy } from '../text/pdfjs.js';
import { Backdrop, BandIndex, isDrawnText, isOpaqueCover, meaningful, visibleBox } from '../text/paint-query.js';
import type { PageLayer, PaintOp, TextPaint } from '../text/types.js';
import type { PdfFile } from './document.js';
import { PdfDict, PdfRef, PdfStream, type PdfValue } from './objects.js';
import { RevisionState } from './state.js';
import { openVersion } from './text-diff.js';
import type { PdfRevision } from './types.js';

/** Both versions are read in full; beyond this many pages the comparison is not made. */
const MAX_PAGES = 60;
/** A text this share under an opaque paint drawn after it is hidden by it. */
const COVERED = 0.7;
/** Text smaller than this (points) is not read by a person. */
const MIN_READABLE_SIZE = 1.5;
/** Positions closer than this (page fraction) are the same place. */
const SAME_PLACE = 0.02;
/** Objects followed from a page when listing what it resolves to. */
const MAX_REACH = 5000;

type Open = (end: number) => Promise<PDFDocumentProxy | null>;

interface Word {
  text: string;
  bbox: BBox;
  source: SignedViewSource;
  annotation?: number;
}

interface PageView {
  visible: Word[];
  hidden: Word[];
  images: Array<{ bbox: BBox; source: SignedViewSource }>;
}

/**
 * Compares the first signed revision with the final file and records the result on that
 * revision (`afterSigning`). Nothing is recorded when nothing was written after the signature.
 */
export async function attachSignedView(bytes: Uint8Array, file: PdfFile, revs: PdfRevision[], out: RevisionSummary[], open: Open): Promise<void> {
  const sigs = out.flatMap((r) => (r.signatures ?? []).filter((s) => s.coversRevision !== null && !s.usageRights));
  if (!sigs.length) return;
  const first = sigs.reduce((a, b) => (b.coversRevision! < a.coversRevision! ? b : a));
  const signedIdx = out.findIndex((r) => r.number === first.coversRevision);
  if (signedIdx < 0 || signedIdx >= out.length - 1) return;
  // The final file is opened on its own: the shared whole-file document is the text layer's, read at the same time.
  const finalDoc = await openVersion(bytes, bytes.length);
  try {
    const signedDoc = await open(out[signedIdx].endOffset);
    if (signedDoc && finalDoc) await compare(file, revs, out, signedIdx, first.object, signedDoc, finalDoc);
  } finally {
    await finalDoc?.destroy().catch(() => undefined);
  }
}

async function compare(
  file: PdfFile,
  revs: PdfRevision[],
  out: RevisionSummary[],
  signedIdx: number,
  signatureObject: number,
  signedDoc: PDFDocumentProxy,
  finalDoc: PDFDocumentProxy,
): Promise<void> {
  if (signedDoc.numPages > MAX_PAGES || finalDoc.numPages > MAX_PAGES) return;
  const finalIdx = out.length - 1;
  const signedState = RevisionState.upTo(file, revs, signedIdx);
  const finalState = RevisionState.upTo(file, revs, finalIdx);
  const [before, after] = await Promise.all([pageViews(signedDoc, signedState), pageViews(finalDoc, finalState)]);
  if (!before || !after) return;
  const changes: SignedViewChange[] = [];
  for (let p = 0; p < Math.max(before.length, after.length); p++) {
    const empty: PageView = { visible: [], hidden: [], images: [] };
    changes.push(...comparePage(p + 1, before[p] ?? empty, after[p] ?? empty));
  }
  const written = new Set(out.slice(signedIdx + 1).flatMap((r) => [...r.added, ...r.changed]));
  const signedReach = pageReach(signedState);
  const finalReach = pageReach(finalState);
  // Streams in the signed file that no page drew then and a page draws now: content prepared unused.
  const unused = [...finalReach].filter((n) => !written.has(n) && !signedReach.has(n) && signedState.live(n) && signedState.getObject(n) instanceof PdfStream);
  if (unused.length)
    for (const c of changes)
      if (c.source === 'page' && c.after && !c.prepared) c.prepared = `drawn from object(s) ${unused.slice(0, 5).join(', ')}, present but unused when signed`;
  out[signedIdx].afterSigning = {
    signatureObject,
    signedRevision: out[signedIdx].number,
    finalRevision: out[finalIdx].number,
    changes,
    pageObjects: [...finalReach].filter((n) => written.has(n)).sort((a, b) => a - b),
  } satisfies SignedViewDiff;
}

async function pageViews(doc: PDFDocumentProxy, state: RevisionState): Promise<PageView[] | null> {
  try {
    const layer = await readPdfText(doc, { maxPages: MAX_PAGES });
    return layer.pages.map((p) => viewOf(p, state));
  } catch {
    return null;
  }
}

function viewOf(page: PageLayer, state: RevisionState): PageView {
  const paint = page.paint ?? [];
  const backdrop = new Backdrop(paint);
  const covers = new BandIndex(paint.filter(isOpaqueCover));
  const view: PageView = { visible: [], hidden: [], images: [] };
  const sourceOf = (op: PaintOp) => annotationSource(op, state);
  for (const op of paint) {
    if (op.kind === 'image') {
      if (!op.hiddenByLayer && shown(op, covers)) view.images.push({ bbox: op.bbox, source: sourceOf(op).source });
      continue;
    }
    if (op.kind !== 'text' || !meaningful(op.text)) continue;
    const drawn = isDrawnText(op) && op.size >= MIN_READABLE_SIZE && !backdrop.hides(op);
    const { source, annotation } = sourceOf(op);
    for (const { text, bbox } of wordsOf(op)) {
      const seen = drawn && shown({ ...op, bbox }, covers);
      (seen ? view.visible : view.hidden).push({ text, bbox, source, ...(annotation !== undefined ? { annotation } : {}) });
    }
  }
  return view;
}

/**
 * The words of one text show, each with its share of the show's box (by character count): a
 * cover over the amount alone hides that word, not the label printed before it in the same show.
 * Slanted text keeps the whole box.
 */
function wordsOf(op: TextPaint): Array<{ text: string; bbox: BBox }> {
  const out: Array<{ text: string; bbox: BBox }> = [];
  const [x0, y0, x1, y1] = op.bbox;
  const step = op.angle === undefined && op.text.length ? (x1 - x0) / op.text.length : 0;
  for (const m of op.text.matchAll(/\S+/g)) {
    if (!meaningful(m[0])) continue;
    const bbox: BBox = step ? [x0 + step * m.index, y0, x0 + step * (m.index + m[0].length), y1] : op.bbox;
    out.push({ text: m[0], bbox });
  }
  return out;
}

/** On the page, not clipped away, and not under an opaque paint drawn after it. */
function shown(op: PaintOp, covers: BandIndex<PaintOp>): boolean {
  const box = visibleBox(op);
  const onPage = box && intersect(box, [0, 0, 1, 1]);
  if (!onPage || onPage[2] - onPage[0] < 1e-4 || onPage[3] - onPage[1] < 1e-4) return false;
  return !covers.near(onPage).some((c) => c !== op && c.seq > op.seq && coveredFraction(onPage, visibleBox(c) ?? [0, 0, 0, 0]) >= COVERED);
}

function annotationSource(op: PaintOp, state: RevisionState): { source: SignedViewSource; annotation?: number } {
  if (!op.annotation) return { source: 'page' };
  const num = parseInt(op.annotation.id, 10);
  if (!Number.isFinite(num)) return { source: op.annotation.subtype === 'Widget' ? 'form_field' : 'annotation' };
  const d = state.dict(state.getObject(num));
  if (d?.name('Subtype') !== 'Widget') return { source: 'annotation', annotation: num };
  // The field type may sit on the widget or on a parent field.
  let field: PdfDict | null = d;
  for (let i = 0; field && i < 12; i++, field = state.dict(field.get('Parent'))) {
    const ft = field.name('FT');
    if (ft) return { source: ft === 'Sig' ? 'signature_field' : 'form_field', annotation: num };
  }
  return { source: 'form_field', annotation: num };
}

function comparePage(page: number, before: PageView, after: PageView): SignedViewChange[] {
  const out: SignedViewChange[] = [];
  const signedText = before.visible.filter((w) => w.source === 'page');
  for (const source of ['page', 'form_field', 'signature_field', 'annotation'] as const) {
    const was = before.visible.filter((w) => w.source === source);
    const now = after.visible.filter((w) => w.source === source);
    // Words that only slid along their line (another font's widths) say the same; words that
    // moved to another line (two amounts swapped) do not.
    const removed = minus(minus(was, now), now, sameLine);
    const added = minus(minus(now, was), was, sameLine);
    const imgWas = before.images.filter((i) => i.source === source);
    const imgNow = after.images.filter((i) => i.source === source);
    const imagesAdded = imgNow.filter((i) => !imgWas.some((j) => samePlace(i.bbox, j.bbox))).length;
    const imagesRemoved = imgWas.filter((i) => !imgNow.some((j) => samePlace(i.bbox, j.bbox))).length;
    if (!removed.length && !added.length && !imagesAdded && !imagesRemoved) continue;
    const shownNow = [...added, ...removed];
    const change: SignedViewChange = { page, source, before: sentence(removed), after: sentence(added) };
    if (shownNow.length) change.bbox = shownNow.map((w) => w.bbox).reduce(union);
    if (imagesAdded || imagesRemoved) change.images = { added: imagesAdded, removed: imagesRemoved };
    const prepared = added.filter((w) => before.hidden.some((h) => h.text === w.text && samePlace(h.bbox, w.bbox)));
    if (prepared.length) change.prepared = `${sentence(prepared)} was drawn but not visible when signed`;
    if (source !== 'page') {
      change.overSignedText = added.some((w) => signedText.some((s) => overlapOfSmaller(w.bbox, s.bbox) > 0.3));
      const annots = [...new Set(added.concat(removed).flatMap((w) => (w.annotation === undefined ? [] : [w.annotation])))];
      if (annots.length) change.annotations = annots.sort((a, b) => a - b);
    }
    out.push(change);
  }
  return out;
}

/** Words of `a` not matched (same text, about the same place) by one of `b`. */
function minus(a: Word[], b: Word[], near = samePlace): Word[] {
  const pool = [...b];
  return a.filter((w) => {
    const i = pool.findIndex((x) => x.text === w.text && near(x.bbox, w.bbox));
    if (i < 0) return true;
    pool.splice(i, 1);
    return false;
  });
}

function sameLine(a: BBox, b: BBox): boolean {
  return Math.abs(a[1] - b[1]) <= SAME_PLACE / 4 && Math.abs(a[3] - b[3]) <= SAME_PLACE / 4;
}

function samePlace(a: BBox, b: BBox): boolean {
  return Math.abs(a[0] - b[0]) <= SAME_PLACE && Math.abs(a[1] - b[1]) <= SAME_PLACE;
}

/** Words in reading order (top to bottom, left to right), capped for evidence. */
function sentence(words: Word[]): string {
  const sorted = [...words].sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0]);
  const text = sorted.map((w) => w.text).join(' ');
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** Every object the pages resolve to (contents, resources, XObjects, annotations and their appearances), and the layer configuration. */
function pageReach(state: RevisionState): Set<number> {
  const seen = new Set<number>();
  const root = state.dict(state.getObject(state.trailerRef('Root') ?? -1));
  const stack: PdfValue[] = [root?.get('Pages') ?? null, root?.get('OCProperties') ?? null];
  while (stack.length && seen.size < MAX_REACH) {
    const v = stack.pop();
    if (v instanceof PdfRef) {
      if (seen.has(v.num)) continue;
      seen.add(v.num);
      stack.push(state.getObject(v.num));
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v instanceof PdfDict || v instanceof PdfStream) {
      const d = v instanceof PdfStream ? v.dict : v;
      // Upward and sideways links lead back to the whole document, not to what a page draws.
      for (const [k, x] of d.map) if (k !== 'Parent' && k !== 'P' && k !== 'Dest' && k !== 'A' && k !== 'V') stack.push(x);
    }
  }
  return seen;
}
