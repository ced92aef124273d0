/** Building blocks shared by techniques: the model for a spec, base renders, edit bookkeeping. */
import type { FlagCode } from '../../../engine/catalog/flags.js';
import type { LabelRecord, TruthFields } from '../labels.js';
import { embeddedFace, standardFace } from '../layout/fonts.js';
import { layoutDocument, type Layout } from '../layout/layout.js';
import { makeDocument } from '../model/index.js';
import type { DocModel, EditTarget } from '../model/types.js';
import type { PdfMeta } from '../render/meta.js';
import { renderPdfkit } from '../render/pdfkit.js';
import { renderPdfLib } from '../render/pdflib.js';
import { distilPostScript } from '../render/postscript.js';
import { buildXmp, xmpUuid } from '../render/xmp.js';
import { hashSeed, Rng } from '../util/prng.js';
import type { SampleSpec } from './types.js';

export const EDITORS = [
  'Adobe Acrobat Pro DC 23.8.20470',
  'Sejda PDF Editor 7.6.4',
  'PDFescape Online Editor',
  'iLovePDF',
  'Foxit PDF Editor 12.1.2',
  'Nitro Pro 13.70.2',
  'PDF-XChange Editor 9.5.368',
  'Smallpdf.com',
];

export interface Start {
  rng: Rng;
  model: DocModel;
}

/** The model depends only on the seed and doc type, so a technique cannot shift its content. */
export function start(spec: SampleSpec): Start {
  const rng = new Rng(hashSeed(spec.technique, spec.seed));
  const model = makeDocument(new Rng(hashSeed('model', spec.docType, spec.seed)), spec.docType, { pages: spec.pages });
  return { rng, model };
}

export function metaFor(model: DocModel): PdfMeta {
  return {
    title: `${model.title} ${model.fields.document_date}`,
    author: model.issuer.name,
    creator: model.issuer.system,
    creationDate: model.createdAt,
    modDate: model.createdAt,
  };
}

/** XMP as the issuing system writes it: same tool and dates as the Info dictionary. */
export function issuerXmp(model: DocModel, producer: string, seed: number, meta: PdfMeta): string {
  return buildXmp({
    creatorTool: model.issuer.system,
    producer,
    title: model.title,
    createDate: meta.creationDate,
    modifyDate: meta.modDate,
    documentId: xmpUuid(seed, 'doc'),
    instanceId: xmpUuid(seed, 'inst'),
  });
}

/** Other printed values that are the same fact (a GB account number and its IBAN). */
export function alternatives(model: DocModel): { field_alternatives?: LabelRecord['field_alternatives'] } {
  return model.fieldAlternatives ? { field_alternatives: model.fieldAlternatives } : {};
}

export type PositionedProducer = 'pdfkit' | 'pdf-lib' | 'ps2pdf';

export interface BaseRender {
  bytes: Uint8Array;
  layout: Layout;
  producer: PositionedProducer;
}

/**
 * A genuine file from a producer whose page positions we know (the layout), which forgers need.
 * `standardFonts` forces the standard 14 (content-stream digit edits need single-byte text).
 */
export async function renderPositioned(
  model: DocModel,
  producer: PositionedProducer,
  seed: number,
  opts: { standardFonts?: boolean; overrides?: ReadonlyMap<string, string>; meta?: PdfMeta } = {},
): Promise<BaseRender> {
  const meta = opts.meta ?? metaFor(model);
  if (producer === 'pdfkit') {
    const face = opts.standardFonts ? standardFace(model.issuer.font) : embeddedFace(model.issuer.font);
    const layout = layoutDocument(model, face, opts.overrides);
    return { bytes: await renderPdfkit(layout, meta), layout, producer };
  }
  const layout = layoutDocument(model, standardFace(model.issuer.font), opts.overrides);
  if (producer === 'pdf-lib') {
    const xmp = seed % 2 === 0 ? issuerXmp(model, 'pdf-lib (https://github.com/Hopding/pdf-lib)', seed, meta) : undefined;
    return { bytes: await renderPdfLib(layout, meta, { xmp, objectStreams: seed % 3 === 0 }), layout, producer };
  }
  return { bytes: await distilPostScript(layout, meta), layout, producer };
}

export function pickEdit(rng: Rng, model: DocModel, target?: EditTarget['target']): EditTarget {
  const options = target ? model.edits.filter((e) => e.target === target) : model.edits;
  if (!options.length) throw new Error(`no ${target ?? ''} edit for ${model.docType}`);
  return rng.pick(options);
}

/** The traces an edit leaves in the content itself, whatever tool made it. */
export function contentFlags(edit: EditTarget): FlagCode[] {
  const out: FlagCode[] = [];
  if (edit.breaksArithmetic) out.push('arithmetic_error');
  if (edit.contradicts) out.push('content_inconsistency');
  return out;
}

export function fieldsAfter(model: DocModel, edit: EditTarget | null): TruthFields {
  return edit ? { ...model.fields, ...edit.fieldsAfter } : { ...model.fields };
}

export function editRecord(edit: EditTarget, page: number): { target: string; before: string; after: string; page: number } {
  return { target: edit.target, before: edit.before, after: edit.after, page };
}

/** Some days to a few months after the issue: when a forger gets to the file. */
export function laterDate(rng: Rng, from: Date): Date {
  return new Date(from.getTime() + rng.int(2, 120) * 86_400_000 + rng.int(0, 86_399) * 1000);
}

export function uniq<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
