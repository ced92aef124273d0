/**
 * What every family B technique shares: the tools that render a document, the label records,
 * the edits, where a value is printed (pdftotext word boxes), a genuine base and a perfect edit
 * from one of the tools, and a sibling document of the same issuer.
 */
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import { LAB_DOC_TYPES, makeDocument } from '../../model/index.js';
import type { DocModel, EditTarget } from '../../model/types.js';
import { familyBTools, renderEnscript, renderGroff, renderReportlab, renderWeasyprint, wordBoxes, type WordBox } from '../../render/family-b.js';
import type { PdfMeta } from '../../render/meta.js';
import { hashSeed, Rng } from '../../util/prng.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, metaFor, uniq } from '../common.js';
import type { BuiltSample, SampleSpec } from '../types.js';

export const ALL = LAB_DOC_TYPES;
export const MULTI = ['bank_statement', 'invoice'] as const;

export type BTool = 'groff' | 'enscript' | 'weasyprint' | 'reportlab';
export const B_TOOLS: readonly BTool[] = ['groff', 'weasyprint', 'reportlab', 'enscript'];
/** Tools that draw each value as one positioned word (pixel forgers need the place). */
export const POSITIONED: readonly BTool[] = ['groff', 'weasyprint', 'reportlab'];

export function available(tools: readonly BTool[]): BTool[] {
  const have = familyBTools();
  const ok = tools.filter((t) => have.has(t));
  if (!ok.length) throw new Error(`none of ${tools.join(', ')} is installed`);
  return ok;
}

export function render(tool: BTool, model: DocModel, meta: PdfMeta, o: ReadonlyMap<string, string> = new Map()): Promise<Uint8Array> {
  switch (tool) {
    case 'groff':
      return renderGroff(model, meta, o);
    case 'enscript':
      return renderEnscript(model, meta, o);
    case 'weasyprint':
      return renderWeasyprint(model, meta, o);
    case 'reportlab':
      return renderReportlab(model, meta, o);
  }
}

export const PRODUCER_NAME: Record<BTool, string> = {
  groff: 'groff > ps2pdf',
  enscript: 'GNU enscript > ps2pdf',
  weasyprint: 'WeasyPrint',
  reportlab: 'ReportLab',
};

export function mimeOf(ext: BuiltSample['ext']): BuiltSample['label']['mime'] {
  return ext === 'pdf' ? 'application/pdf' : ext === 'png' ? 'image/png' : 'image/jpeg';
}

export function genuineB(spec: SampleSpec, model: DocModel, bytes: Uint8Array, ext: BuiltSample['ext'], producer: string): BuiltSample {
  return {
    bytes,
    ext,
    label: {
      label: 'genuine',
      technique: spec.technique,
      family: 'B',
      doc_type: model.docType,
      expected_flags: [],
      fields: { ...model.fields },
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: mimeOf(ext),
    },
  };
}

export function tamperedB(
  spec: SampleSpec,
  model: DocModel,
  bytes: Uint8Array,
  ext: BuiltSample['ext'],
  producer: string,
  flags: FlagCode[],
  edit: EditTarget | null,
  page = 1,
  notes?: string,
): BuiltSample {
  return {
    bytes,
    ext,
    label: {
      label: 'tampered',
      technique: spec.technique,
      family: 'B',
      doc_type: model.docType,
      expected_flags: uniq(flags),
      fields: fieldsAfter(model, edit),
      ...alternatives(model),
      producer,
      seed: spec.seed,
      mime: mimeOf(ext),
      ...(edit ? { edit: editRecord(edit, page) } : {}),
      ...(notes ? { notes } : {}),
    },
  };
}

/** Edits that leave a trace in the content (figures or dates that disagree). */
export function contentEdit(rng: Rng, model: DocModel, kinds: ReadonlyArray<EditTarget['target']> = ['amount', 'date']): EditTarget {
  const options = model.edits.filter((e) => kinds.includes(e.target) && contentFlags(e).length > 0);
  if (!options.length) throw new Error(`no content edit for ${model.docType}`);
  return rng.pick(options);
}

export function overrides(edit: EditTarget): Map<string, string> {
  return new Map([[edit.key, edit.after]]);
}

/** Where `text` is printed (one word, or up to four words of one line), first page first. */
export function findWord(words: readonly WordBox[], text: string, page?: number): WordBox | null {
  const norm = (s: string) => s.replace(/\s+/g, '');
  const t = norm(text);
  for (let i = 0; i < words.length; i++) {
    if (page !== undefined && words[i].page !== page) continue;
    let joined = '';
    for (let k = i; k < Math.min(words.length, i + 4); k++) {
      if (words[k].page !== words[i].page || Math.abs(words[k].yMax - words[i].yMax) > 1) break;
      joined += norm(words[k].text);
      if (joined === t) {
        const run = words.slice(i, k + 1);
        return {
          page: words[i].page,
          text,
          xMin: Math.min(...run.map((w) => w.xMin)),
          yMin: Math.min(...run.map((w) => w.yMin)),
          xMax: Math.max(...run.map((w) => w.xMax)),
          yMax: Math.max(...run.map((w) => w.yMax)),
        };
      }
      if (!t.startsWith(joined)) break;
    }
  }
  return null;
}

/**
 * An amount edit whose old value is printed on page 1 of `pdf` (as up to four words of one
 * line), else, when `laterPages` allows it, on a later page: the only amount edit of a long
 * invoice is often its total on the last page.
 */
export async function amountOnPage(
  rng: Rng,
  model: DocModel,
  pdf: Uint8Array,
  laterPages = false,
): Promise<{ edit: EditTarget; box: WordBox; words: WordBox[] }> {
  const words = await wordBoxes(pdf);
  const options = rng.shuffle(model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic));
  const pages = laterPages ? [...new Set(words.map((w) => w.page))].sort((a, b) => a - b) : [1];
  for (const page of pages) {
    for (const edit of options) {
      const box = findWord(words, edit.before, page);
      if (box && findWord(words, edit.after, page) === null) return { edit, box, words };
    }
  }
  throw new Error(laterPages ? 'no amount printed as one word on any page' : 'no amount printed as one word on page 1');
}

export async function baseB(rng: Rng, model: DocModel, tools: readonly BTool[] = B_TOOLS): Promise<{ tool: BTool; meta: PdfMeta; bytes: Uint8Array }> {
  const tool = rng.pick(available(tools));
  const meta = metaFor(model);
  return { tool, meta, bytes: await render(tool, model, meta) };
}

/** A perfect edit: the issuer's own tool renders the document again with the new value. */
export async function editedB(
  rng: Rng,
  model: DocModel,
  tools: readonly BTool[] = B_TOOLS,
  kinds?: ReadonlyArray<EditTarget['target']>,
): Promise<{ tool: BTool; meta: PdfMeta; bytes: Uint8Array; edit: EditTarget }> {
  const tool = rng.pick(available(tools));
  const meta = metaFor(model);
  const edit = contentEdit(rng, model, kinds);
  return { tool, meta, edit, bytes: await render(tool, model, meta, overrides(edit)) };
}

/** pypdf merges a ReportLab overlay (white box, value retyped in Helvetica) onto the page. */

/** The same issuer, another month: a second genuine document to take a page from. */
export function sibling(spec: SampleSpec, model: DocModel): DocModel {
  for (let k = 1; k < 400; k++) {
    const other = makeDocument(new Rng(hashSeed('model-b-sibling', spec.docType, spec.seed, k)), spec.docType as (typeof LAB_DOC_TYPES)[number], {
      pages: spec.pages,
    });
    if (other.issuer.id === model.issuer.id && other.fields.document_date !== model.fields.document_date) return other;
  }
  throw new Error('no sibling document of the same issuer');
}
