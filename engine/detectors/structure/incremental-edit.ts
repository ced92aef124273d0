/**
 * Content changed by an incremental update after the document was produced. Updates that
 * legitimately follow issuance (signatures, form filling, annotations, linearisation,
 * metadata-only) are not evidence; an update that rewrites what a page shows is, and a changed
 * figure, date or name in the text diff is decisive. A watermark, header or footer an editor
 * added to every page (pagination artifacts, the same line on each) is context, and so are text
 * edits a later update took back (reverted-edits.ts), and pages the document's own writer
 * appended in the sitting that made it (appended-pages.ts).
 */
import type { DetectorContext } from '../../facts/context.js';
import { defineDetector, type DeclaredFinding, type Emit } from '../define.js';
import type { BBox, RevisionSummary } from '../../types.js';
import { revertedEdits } from './reverted-edits.js';
import { APPENDED_THRESHOLDS, appendedInSession } from './appended-pages.js';
import { changedTokens } from '../../kit/changed-words.js';
import { STRENGTH } from '../strengths.js';
import { thresholdValues, type Threshold } from '../thresholds.js';

const THRESHOLDS = {
  minFurniturePages: { value: 2, why: 'The same header or footer added to two pages or more is pagination, not an edit of one page.' },
} as const satisfies Record<string, Threshold>;
const T = thresholdValues(THRESHOLDS);

type TextChange = NonNullable<RevisionSummary['textDiff']>[number];

/** Figures, dates and amounts: what forgers change. */
const FIGURE = /\d/;

/** Whole lines when known: the changed words alone may be empty on one side (text added beside old). */
const lineBefore = (d: TextChange): string => d.lineBefore ?? d.before;
const lineAfter = (d: TextChange): string => d.lineAfter ?? d.after;

function isFigureChange(d: TextChange): boolean {
  const { removed, added } = changedTokens(lineBefore(d), lineAfter(d));
  return [...removed, ...added].some((t) => FIGURE.test(t));
}

const EMITS = [
  {
    flag: 'incremental_edit',
    reasons: [
      'figures_changed',
      'text_changed',
      'text_removed',
      'image_replaced',
      'page_inserted',
      'content_changed',
      'resources_changed',
      'other_update',
      'field_value_changed',
      'page_furniture_added',
      'page_cropped',
      'edit_reverted',
    ],
  },
] as const satisfies readonly Emit[];
/** What this detector may report: exactly the codes it declares (a compile error otherwise). */
type Found = DeclaredFinding<typeof EMITS>;

export const incrementalEditDetector = defineDetector({
  meta: {
    id: 'structure/incremental-edit',
    description: 'An incremental update changed page content (text, images, pages) after the document was produced.',
    appliesTo: ['pdf'],
    needs: ['pages', 'revisions'],
    emits: EMITS,
    thresholds: { ...THRESHOLDS, ...APPENDED_THRESHOLDS },
  },
  run(ctx: DetectorContext): Found[] {
    const findings: Found[] = [];
    const reverted = revertedEdits(ctx.revisions);
    if (reverted) findings.push(revertedFinding(ctx.revisions.filter((r) => reverted.has(r.number))));
    for (const r of ctx.revisions) {
      if (r.kind === 'content_edit' && !reverted) findings.push(...(pageCrop(r, ctx) ?? contentEdit(r, ctx.revisions)));
      else if (r.kind === 'other') findings.push(otherUpdate(r));
      // Filling a form is benign; replacing a value already filled in changes what it says.
      if (r.fieldChanges?.length) findings.push(fieldValueChange(r));
    }
    return findings;
  },
});

function base(r: RevisionSummary): Pick<Found, 'flag' | 'pages'> & { evidence: Found['evidence'] } {
  return {
    flag: 'incremental_edit',
    pages: r.changedPages,
    evidence: { revision: r.number, revisions: [r.number], objects: [...r.changed, ...r.added].slice(0, 50), deleted: r.deleted.slice(0, 50) },
  };
}

/**
 * Page furniture added by an editor (Acrobat's Add Watermark, Background, Header & Footer): every
 * changed page gained a pagination artifact, and the text diff is the same line(s) added on each
 * of them, with nothing already on a page removed or replaced. The document says what it said.
 */
function furnitureOnly(r: RevisionSummary, diffs: TextChange[]): string[] | null {
  const changes = r.pageChanges ?? [];
  if (changes.length < T.minFurniturePages || changes.some((c) => c.inserted || !c.paginationAdded?.length)) return null;
  if (diffs.some((d) => lineBefore(d).trim() !== '')) return null;
  if (diffs.length === 0) return [];
  const perPage = new Map<number, string[]>();
  for (const d of diffs) perPage.set(d.page, [...(perPage.get(d.page) ?? []), lineAfter(d).trim()]);
  const lines = [...perPage.values()].map((l) => l.sort().join('\n'));
  return lines.every((l) => l === lines[0]) ? lines[0].split('\n') : null;
}

function contentEdit(r: RevisionSummary, revisions: readonly RevisionSummary[]): Found[] {
  const diffs = (r.textDiff ?? []).filter((d) => lineBefore(d) !== lineAfter(d));
  const appended = appendedPages(r, revisions);
  if (appended) return [appended];
  const furniture = furnitureOnly(r, diffs);
  if (furniture) {
    const kinds = [...new Set((r.pageChanges ?? []).flatMap((c) => c.paginationAdded ?? []))];
    const b = base(r);
    return [
      {
        ...b,
        code: 'incremental_edit.page_furniture_added',
        summary: `Revision ${r.number} added page furniture (${kinds.join(', ').toLowerCase()}) to page(s) ${r.changedPages.join(', ')}${furniture.length ? `: "${furniture.join(' / ')}" on each` : ''}; no text already on a page changed.`,
        evidence: { ...b.evidence, page: r.changedPages[0], artifacts: kinds, ...(furniture.length ? { after: furniture.join(' / ') } : {}) },
        strength: STRENGTH['incremental_edit.page_furniture_added'],
      },
    ];
  }
  const regions = diffs.filter((d) => d.bbox).map((d) => ({ page: d.page, bbox: d.bbox as BBox, label: `${d.before || '∅'} → ${d.after || '∅'}` }));
  const figures = diffs.filter((d) => lineBefore(d) && lineAfter(d) && isFigureChange(d));
  const replaced = diffs.filter((d) => lineBefore(d) && lineAfter(d));
  const added = diffs.filter((d) => !lineBefore(d) && lineAfter(d));
  const top = figures[0] ?? replaced[0] ?? added[0] ?? diffs[0];
  const where = top
    ? {
        page: top.page,
        bbox: top.bbox,
        before: top.before,
        after: top.after,
        ...(top.lineAfter ? { line: top.lineAfter, lineBefore: top.lineBefore } : {}),
        regions,
      }
    : {};
  const inLine = top?.lineAfter && top.lineAfter !== top.after ? ` in the line "${top.lineAfter}"` : '';
  const b = base(r);
  if (figures.length) {
    return [
      {
        ...b,
        code: 'incremental_edit.figures_changed',
        summary: `Revision ${r.number} changed figures on page ${top.page}: "${top.before}" became "${top.after}"${inLine}${figures.length > 1 ? ` (and ${figures.length - 1} more line(s))` : ''}.`,
        evidence: { ...b.evidence, ...where },
        strength: STRENGTH['incremental_edit.figures_changed'],
      },
    ];
  }
  if (replaced.length || added.length) {
    return [
      {
        ...b,
        code: 'incremental_edit.text_changed',
        summary: `Revision ${r.number} changed the text of page ${top.page}: "${top.before || '(nothing)'}" became "${top.after}"${inLine}.`,
        evidence: { ...b.evidence, ...where },
        strength: STRENGTH['incremental_edit.text_changed'],
      },
    ];
  }
  if (diffs.length) {
    return [
      {
        ...b,
        code: 'incremental_edit.text_removed',
        summary: `Revision ${r.number} removed text from page ${top.page} ("${top.before}"${diffs.length > 1 ? ` and ${diffs.length - 1} more line(s)` : ''}).`,
        evidence: { ...b.evidence, ...where },
        strength: STRENGTH['incremental_edit.text_removed'],
      },
    ];
  }
  const changes = r.pageChanges ?? [];
  if (changes.some((c) => c.inserted)) {
    const pages = changes.filter((c) => c.inserted).map((c) => c.page);
    return [
      {
        ...b,
        code: 'incremental_edit.page_inserted',
        summary: `Revision ${r.number} added page(s) ${pages.join(', ')} to the document after it was produced.`,
        evidence: { ...b.evidence, page: pages[0] },
        strength: STRENGTH['incremental_edit.page_inserted'].inserted,
      },
    ];
  }
  if (changes.some((c) => c.xobjects) && !changes.some((c) => c.contents)) {
    return [
      {
        ...b,
        code: 'incremental_edit.image_replaced',
        summary: `Revision ${r.number} replaced an image or drawing on page(s) ${r.changedPages.join(', ')}.`,
        evidence: { ...b.evidence, page: r.changedPages[0] },
        strength: STRENGTH['incremental_edit.image_replaced'],
      },
    ];
  }
  if (!r.changedPages.length && r.pagesRemoved) {
    const { before, after } = r.pagesRemoved;
    return [
      {
        ...b,
        code: 'incremental_edit.content_changed',
        summary: `Revision ${r.number} removed ${before - after} page(s) from the document (${before} before, ${after} after); the pages that remain draw what they drew.`,
        evidence: { ...b.evidence, pages_before: before, pages_after: after },
        strength: STRENGTH['incremental_edit.content_changed'].drawing,
      },
    ];
  }
  // Acrobat's text editing writes a touched page's shows out again: the same glyphs, fonts and
  // drawings, every line where it was. The page says and shows what it did; worth a note only.
  if (changes.length && changes.every((c) => c.textPlacement && inStreamsOnly(c))) {
    return [
      {
        ...b,
        code: 'incremental_edit.content_changed',
        summary: `Revision ${r.number} wrote the text of page(s) ${r.changedPages.join(', ')} out again: the same glyphs in the same fonts, every line in its place, only regrouped and placed anew (as a PDF editor's text tool does to a page it touched); nothing the page shows changed.`,
        evidence: { ...b.evidence, page: r.changedPages[0], textPlacedAnew: true },
        strength: STRENGTH['incremental_edit.content_changed'].textPlacedAnew,
      },
    ];
  }
  // Review tools and scripts outline, underline or box words with thin strokes appended to the
  // page: marks a reader sees as marks; they cannot hide or change a glyph.
  if (changes.length && changes.every((c) => c.thinLines && inStreamsOnly(c))) {
    return [
      {
        ...b,
        code: 'incremental_edit.content_changed',
        summary: `Revision ${r.number} drew thin lines on page(s) ${r.changedPages.join(', ')} after the content that was there (outlines or underlines, as review tools add them); no text, fill or image was added.`,
        evidence: { ...b.evidence, page: r.changedPages[0], thinLinesAdded: true },
        strength: STRENGTH['incremental_edit.content_changed'].thinLinesAdded,
      },
    ];
  }
  return [
    {
      ...b,
      code: 'incremental_edit.content_changed',
      summary: `Revision ${r.number} rewrote the content of page(s) ${r.changedPages.join(', ') || '?'} (objects ${[...r.changed, ...r.added].slice(0, 8).join(', ')}); the visible text is unchanged, so the edit is in drawings, layout or hidden content.`,
      evidence: { ...b.evidence, page: r.changedPages[0] },
      strength: STRENGTH['incremental_edit.content_changed'].drawing,
    },
  ];
}

/**
 * The writer that made the document adding pages after its last one in the same sitting
 * (appended-pages.ts) is assembling it: context. The new pages' text is theirs, not an edit of
 * the pages already there (appendedInSession requires those untouched). Any other page added
 * keeps its weight.
 */
function appendedPages(r: RevisionSummary, revisions: readonly RevisionSummary[]): Found | null {
  const session = appendedInSession(r, revisions);
  if (session === null) return null;
  const pages = (r.pageChanges ?? []).map((c) => c.page);
  const b = base(r);
  return {
    ...b,
    code: 'incremental_edit.page_inserted',
    summary: `Revision ${r.number} appended page(s) ${pages.join(', ')} after the document's last page ${session < 1 ? 'within a minute of' : `${Math.round(session)} min after`} the revision before, and names the same writer ("${r.producer ?? r.creator}"); the pages already there are unchanged: the writer adding to its own output.`,
    evidence: { ...b.evidence, page: pages[0], appended: true, minutes_after: Math.round(session) },
    strength: STRENGTH['incremental_edit.page_inserted'].appendedInSession,
  };
}

type PageChange = NonNullable<RevisionSummary['pageChanges']>[number];

/** A page change confined to its content streams: no image, resource or page entry changed, no page added. */
function inStreamsOnly(c: PageChange): boolean {
  return !c.xobjects && !c.pageDict && !c.inserted && !c.resources;
}

/** Only what a viewer's crop or rotate tool writes: the visible area of pages, nothing they paint. */
const VIEW_KEYS: ReadonlySet<string> = new Set(['CropBox', 'Rotate']);

/**
 * An update that only set pages' CropBox or Rotate (macOS Preview's crop, a viewer's rotate):
 * every painted object is as it was, part of the page no longer shows. Worth an examiner's look
 * when the cropped-away area holds text (an account footer, a "copy" mark): that text is quoted.
 */
function pageCrop(r: RevisionSummary, ctx: DetectorContext): Found[] | null {
  const changes = r.pageChanges ?? [];
  if (!changes.length || r.pagesRemoved) return null;
  if (
    !changes.every((c) => c.pageDict && !c.contents && !c.xobjects && !c.resources && !c.inserted && c.boxes?.length && c.boxes.every((k) => VIEW_KEYS.has(k)))
  )
    return null;
  const pages = changes.map((c) => c.page);
  // The text reader drops text outside the visible area, so a crop shows in the diff as lines
  // gone; with the content untouched, that is all a crop can do to the text.
  const diffs = (r.textDiff ?? []).filter((d) => lineBefore(d) !== lineAfter(d));
  if (diffs.some((d) => lineAfter(d) || !pages.includes(d.page))) return null;
  const cut = diffs.map((d) => ({ page: d.page, text: lineBefore(d).trim() }));
  const off = ctx.pages
    .filter((p) => pages.includes(p.page))
    .flatMap((p) => p.runs.filter((run) => run.text.trim() && outsideView(run.bbox)).map((run) => ({ page: p.page, text: run.text.trim() })));
  const hidden = [...cut, ...off].filter((h, i, all) => h.text && all.findIndex((x) => x.page === h.page && x.text === h.text) === i);
  const keys = [...new Set(changes.flatMap((c) => c.boxes ?? []))];
  const what = keys.includes('CropBox') ? (keys.includes('Rotate') ? 'cropped and rotated' : 'cropped') : 'rotated';
  const quote = hidden
    .slice(0, 3)
    .map((h) => `"${h.text}"`)
    .join(', ');
  const b = base(r);
  return [
    {
      ...b,
      code: 'incremental_edit.page_cropped',
      summary: `Revision ${r.number} ${what} page(s) ${pages.join(', ')} (${keys.join(', ')}); nothing the page paints changed${hidden.length ? `, but text now falls outside the visible area: ${quote}${hidden.length > 3 ? ` and ${hidden.length - 3} more` : ''}` : ', and no text lies outside the visible area'}.`,
      evidence: { ...b.evidence, page: pages[0], keys, ...(hidden.length ? { hidden_text: hidden.slice(0, 20) } : {}) },
      strength: hidden.length ? STRENGTH['incremental_edit.page_cropped'].textHiddenByCrop : STRENGTH['incremental_edit.page_cropped'].textStaysVisible,
    },
  ];
}

/** A run wholly outside the page's visible area (bbox in fractions of the visible page). */
function outsideView(b: BBox): boolean {
  const [x0, y0, x1, y1] = b;
  return x1 <= 0 || y1 <= 0 || x0 >= 1 || y0 >= 1;
}

/** Text edits a later update took back: the document shows what it first showed (context). */
function revertedFinding(revs: RevisionSummary[]): Found {
  const first = revs[0].textDiff![0];
  const numbers = revs.map((r) => r.number);
  const said = first.lineAfter || first.after || first.lineBefore || first.before;
  return {
    flag: 'incremental_edit',
    code: 'incremental_edit.edit_reverted',
    summary: `Revisions ${numbers.join(', ')} changed the text of page ${first.page} ("${said}") and took the change back: the page text is as first issued.`,
    pages: [...new Set(revs.flatMap((r) => r.changedPages))].sort((a, b) => a - b),
    evidence: {
      revision: numbers[numbers.length - 1],
      revisions: numbers,
      page: first.page,
      ...(first.bbox ? { bbox: first.bbox } : {}),
      before: first.before,
      after: first.after,
      objects: revs.flatMap((r) => [...r.changed, ...r.added]).slice(0, 50),
    },
    strength: STRENGTH['incremental_edit.edit_reverted'],
  };
}

function fieldValueChange(r: RevisionSummary): Found {
  const changes = r.fieldChanges!;
  // A box ticked or unticked shows a state name ("2", "Off"): its digits are no figure.
  const figures = changes.filter((c) => !c.state && (FIGURE.test(c.before) || FIGURE.test(c.after)));
  const top = figures[0] ?? changes[0];
  return {
    ...base(r),
    code: 'incremental_edit.field_value_changed',
    summary: `Revision ${r.number} changed the filled-in value of form field "${top.field}" from "${top.before}" to "${top.after}"${changes.length > 1 ? ` (and ${changes.length - 1} more field(s))` : ''}.`,
    evidence: { ...base(r).evidence, before: top.before, after: top.after, fields: changes.slice(0, 20) },
    strength: figures.length ? STRENGTH['incremental_edit.field_value_changed'].figures : STRENGTH['incremental_edit.field_value_changed'].words,
  };
}

function otherUpdate(r: RevisionSummary): Found {
  const b = base(r);
  const fonts = (r.pageChanges ?? []).filter((c) => c.resources);
  if (fonts.length) {
    return {
      ...b,
      code: 'incremental_edit.resources_changed',
      summary: `Revision ${r.number} changed fonts or resources used by page(s) ${fonts.map((c) => c.page).join(', ')} without changing the page text.`,
      evidence: { ...b.evidence, roles: r.objectRoles },
      strength: STRENGTH['incremental_edit.resources_changed'],
    };
  }
  return {
    ...b,
    pages: [],
    code: 'incremental_edit.other_update',
    summary: `Revision ${r.number} is an update that changed no page content (${Object.keys(r.objectRoles ?? {}).join(', ') || 'no objects'}); recorded as context.`,
    evidence: { ...b.evidence, roles: r.objectRoles },
    strength: STRENGTH['incremental_edit.other_update'],
  };
}
