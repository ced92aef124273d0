/**
 * Family H, signed documents: a lab statement or invoice signed with a self-made key, then the
 * attack classes published as "Shadow Attacks" (content prepared before signing and switched on
 * by an update after it: hide, replace, hide-and-replace) and "Incremental Saving Attacks" (an
 * update after the signature that changes what shows), each built here from those descriptions.
 * Every attack leaves the signature verifying over the bytes it covers. The genuine twins are the
 * updates signing allows: a form filled under a DocMDP /P 2 certification, a second signature,
 * validation data (DSS) for long-term validation, and a signed file left as signed.
 */
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts, type PDFFont, type PDFRef } from 'pdf-lib';
import type { FlagCode } from '../../../../engine/catalog/flags.js';
import { findItem, type TextItem } from '../../layout/layout.js';
import type { DocModel, EditTarget } from '../../model/types.js';
import { appendIncrementalUpdate, loadForIncrementalEdit } from '../../pdf/incremental.js';
import { alternatives, contentFlags, editRecord, fieldsAfter, laterDate, pickEdit, renderPositioned, start } from '../common.js';
import type { BuiltSample, SampleSpec, Technique } from '../types.js';
import { labSigner } from './signing-cms.js';
import { addSignatureField, closeSignature } from './signing-pdf.js';

const DOCS = ['bank_statement', 'invoice'] as const;
const FONT = 'FSig';

/** Where the targeted value is printed, in PDF user space, and the strokes that redraw it. */
interface Spot {
  page: number;
  edit: EditTarget;
  whiteout: string;
  typed: (text: string) => string;
}

interface Prepared {
  /** Object numbers the attack switches after signing. */
  refs: Record<string, PDFRef>;
}

type Prepare = (doc: PDFDocument, spot: Spot, font: PDFFont) => Prepared;
type Attack = (doc: PDFDocument, spot: Spot, prepared: Prepared, font: PDFRef) => void;

function spotOf(doc: PDFDocument, item: TextItem, page: number, edit: EditTarget, font: PDFFont): Spot {
  const H = doc.getPage(page).getHeight();
  const width = (t: string) => font.widthOfTextAtSize(t, item.size);
  const xOf = (t: string) => (item.align === 'right' ? item.x + item.width - width(t) : item.x);
  const left = Math.min(item.x, xOf(edit.after)) - 1.5;
  const right = Math.max(item.x + item.width, xOf(edit.after) + width(edit.after)) + 1.5;
  const bottom = H - item.baseline - item.size * 0.3;
  const top = H - item.baseline + item.size * 0.85;
  const esc = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  return {
    page,
    edit,
    whiteout: `q 1 1 1 rg ${left.toFixed(2)} ${bottom.toFixed(2)} ${(right - left).toFixed(2)} ${(top - bottom).toFixed(2)} re f Q`,
    typed: (t) => `BT /${FONT} ${item.size} Tf 0.07 0.07 0.07 rg ${xOf(t).toFixed(2)} ${(H - item.baseline).toFixed(2)} Td (${esc(t)}) Tj ET`,
  };
}

const form = (doc: PDFDocument, content: string, font: PDFRef) =>
  doc.context.stream(content, { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 5000, 5000], Resources: { Font: { [FONT]: font } } });

/** Appends a content stream to the page (and returns its reference). */
function appendContent(doc: PDFDocument, page: number, content: string): PDFRef {
  const ref = doc.context.register(doc.context.stream(content));
  doc.getPage(page).node.addContentStream(ref);
  return ref;
}

function setResource(doc: PDFDocument, page: number, kind: 'XObject' | 'Properties', name: string, ref: PDFRef): void {
  const node = doc.getPage(page).node;
  const resources = node.Resources() ?? doc.context.obj({});
  node.set(PDFName.of('Resources'), resources);
  let dict = resources.lookupMaybe(PDFName.of(kind), PDFDict);
  if (!dict) {
    dict = doc.context.obj({});
    resources.set(PDFName.of(kind), dict);
  }
  dict.set(PDFName.of(name), ref);
}

interface Built {
  model: DocModel;
  spot: Spot;
  bytes: Uint8Array;
  chain: string;
}

/** Renders, prepares, signs and (when given) attacks or updates a document. */
async function build(
  spec: SampleSpec,
  opts: {
    prepare?: Prepare;
    attack?: Attack;
    docMdp?: 2;
    after?: (signed: Uint8Array, b: Omit<Built, 'bytes' | 'chain'>, signedAt: Date) => Promise<Uint8Array>;
  },
): Promise<Built> {
  const { rng, model } = start(spec);
  // An amount whose change breaks the document's sums, as a forger's would (the label then expects arithmetic_error).
  const sums = model.edits.filter((e) => e.target === 'amount' && e.breaksArithmetic);
  const edit = sums.length ? rng.pick(sums) : pickEdit(rng, model);
  const base = await renderPositioned(model, 'pdf-lib', spec.seed, { standardFonts: true });
  const found = findItem(base.layout, edit.key);
  if (!found || found.item.kind !== 'text') throw new Error(`no printed value with key ${edit.key}`);
  const doc = await PDFDocument.load(base.bytes, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const spot = spotOf(doc, found.item, found.page, edit, font);
  doc.getPage(found.page).node.setFontDictionary(PDFName.of(FONT), font.ref);
  const prepared = opts.prepare?.(doc, spot, font) ?? { refs: {} };
  const signer = labSigner(model.issuer.name);
  const signedAt = laterDate(rng, model.createdAt);
  addSignatureField(doc, { signer, signedAt, field: 'Signature1', ...(opts.docMdp ? { docMdp: opts.docMdp } : {}) });
  const signed = closeSignature(await doc.save({ useObjectStreams: false, addDefaultPage: false }), signer, signedAt);
  let bytes = signed;
  if (opts.attack) {
    const edited = await loadForIncrementalEdit(signed);
    opts.attack(edited, spot, prepared, font.ref);
    bytes = (await appendIncrementalUpdate(signed, edited)).bytes;
  }
  if (opts.after) bytes = await opts.after(signed, { model, spot }, signedAt);
  return { model, spot, bytes, chain: 'pdf-lib > signed (CMS, self-made certificate)' };
}

function sample(spec: SampleSpec, b: Built, label: 'genuine' | 'tampered', how: string, flags: FlagCode[] = []): BuiltSample {
  const tampered = label === 'tampered';
  return {
    bytes: b.bytes,
    ext: 'pdf',
    label: {
      label,
      technique: spec.technique,
      family: 'H',
      doc_type: b.model.docType,
      expected_flags: tampered ? [...new Set<FlagCode>(['signature_invalidated', ...flags, ...contentFlags(b.spot.edit)])] : [],
      fields: fieldsAfter(b.model, tampered ? b.spot.edit : null),
      ...alternatives(b.model),
      producer: `${b.chain} > ${how}`,
      seed: spec.seed,
      mime: 'application/pdf',
      ...(tampered ? { edit: editRecord(b.spot.edit, b.spot.page + 1) } : {}),
    },
  };
}

const replaceStream = (doc: PDFDocument, ref: PDFRef, content: string, font: PDFRef, asForm = true) =>
  doc.context.assign(ref, asForm ? form(doc, content, font) : doc.context.stream(content));

function technique(id: string, label: 'genuine' | 'tampered', description: string, make: (spec: SampleSpec) => Promise<BuiltSample>): Technique {
  return { id, label, family: 'H', description, docTypes: DOCS, build: make };
}

export const SIGNING_H: Technique[] = [
  technique(
    'h_shadow_hide_cover',
    'tampered',
    'Shadow hide: the new value signed under a white cover drawn by a form XObject; the XObject emptied after signing.',
    async (spec) => {
      const b = await build(spec, {
        prepare: (doc, s, font) => {
          const cover = doc.context.register(form(doc, `${s.whiteout} ${s.typed(s.edit.before)}`, font.ref));
          setResource(doc, s.page, 'XObject', 'ShCv', cover);
          appendContent(doc, s.page, `${s.whiteout} ${s.typed(s.edit.after)} /ShCv Do`);
          return { refs: { cover } };
        },
        attack: (doc, _s, p, font) => replaceStream(doc, p.refs.cover, '', font),
      });
      return sample(spec, b, 'tampered', 'cover XObject emptied in an update');
    },
  ),
  technique(
    'h_shadow_hide_layer',
    'tampered',
    'Shadow hide: the cover sits on an optional-content layer that is on when signed; the update turns the layer off.',
    async (spec) => {
      const b = await build(spec, {
        prepare: (doc, s) => {
          const ocg = doc.context.register(doc.context.obj({ Type: 'OCG', Name: PDFString.of('Review') }));
          const oc = doc.context.register(doc.context.obj({ OCGs: [ocg], D: { ON: [ocg], OFF: [] } }));
          doc.catalog.set(PDFName.of('OCProperties'), oc);
          setResource(doc, s.page, 'Properties', 'ShL', ocg);
          appendContent(doc, s.page, `${s.whiteout} ${s.typed(s.edit.after)} /OC /ShL BDC ${s.whiteout} ${s.typed(s.edit.before)} EMC`);
          return { refs: { ocg, oc } };
        },
        attack: (doc, _s, p) => doc.context.assign(p.refs.oc, doc.context.obj({ OCGs: [p.refs.ocg], D: { ON: [], OFF: [p.refs.ocg] } })),
      });
      return sample(spec, b, 'tampered', 'layer switched off in an update');
    },
  ),
  technique(
    'h_shadow_replace_xobject',
    'tampered',
    'Shadow replace: the value is drawn by a form XObject, overwritten under the same number after signing.',
    async (spec) => {
      const b = await build(spec, {
        prepare: (doc, s, font) => {
          const amount = doc.context.register(form(doc, s.typed(s.edit.before), font.ref));
          setResource(doc, s.page, 'XObject', 'ShAm', amount);
          appendContent(doc, s.page, `${s.whiteout} /ShAm Do`);
          return { refs: { amount } };
        },
        attack: (doc, s, p, font) => replaceStream(doc, p.refs.amount, s.typed(s.edit.after), font),
      });
      return sample(spec, b, 'tampered', 'XObject overwritten in an update');
    },
  ),
  technique(
    'h_shadow_replace_overwrite',
    'tampered',
    'Shadow replace: a content stream of the page overwritten under its own object number after signing.',
    async (spec) => {
      const b = await build(spec, {
        prepare: (doc, s) => ({ refs: { patch: appendContent(doc, s.page, `${s.whiteout} ${s.typed(s.edit.before)}`) } }),
        attack: (doc, s, p, font) => replaceStream(doc, p.refs.patch, `${s.whiteout} ${s.typed(s.edit.after)}`, font, false),
      });
      return sample(spec, b, 'tampered', 'content stream overwritten in an update');
    },
  ),
  technique(
    'h_shadow_hide_and_replace',
    'tampered',
    "Shadow hide-and-replace: a stream with the new value signed but used by nothing; the update adds it to the page's /Contents.",
    async (spec) => {
      const b = await build(spec, {
        prepare: (doc, s) => ({ refs: { unused: doc.context.register(doc.context.stream(`${s.whiteout} ${s.typed(s.edit.after)}`)) } }),
        attack: (doc, s, p) => doc.getPage(s.page).node.addContentStream(p.refs.unused),
      });
      return sample(spec, b, 'tampered', '/Contents pointed at an unused stream in an update');
    },
  ),
  technique(
    'h_shadow_field_overlay',
    'tampered',
    'Shadow replace through a form field: a check box whose "on" look covers the value with another; ticked after a /P 2 certification.',
    async (spec) => {
      const b = await build(spec, {
        docMdp: 2,
        prepare: (doc, s, font) => {
          const on = doc.context.register(form(doc, `${s.whiteout} ${s.typed(s.edit.after)}`, font.ref));
          const off = doc.context.register(form(doc, '', font.ref));
          const box = doc.context.obj({
            Type: 'Annot',
            Subtype: 'Widget',
            FT: 'Btn',
            T: PDFString.of('Reviewed'),
            V: 'Off',
            AS: 'Off',
            Rect: [0, 0, 5000, 5000],
            F: 4,
            AP: { N: { On: on, Off: off } },
          });
          const field = doc.context.register(box);
          doc.getPage(s.page).node.addAnnot(field);
          doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [field] }));
          return { refs: { field } };
        },
        attack: (doc, _s, p) => {
          const box = doc.context.lookup(p.refs.field, PDFDict);
          box.set(PDFName.of('AS'), PDFName.of('On'));
          box.set(PDFName.of('V'), PDFName.of('On'));
        },
      });
      return sample(spec, b, 'tampered', 'check box ticked in an update (form filling permitted by DocMDP 2)');
    },
  ),
  technique(
    'h_isa_overlay',
    'tampered',
    'Incremental saving attack: a white box and the new value appended as page content in an update after the signature.',
    async (spec) => {
      const b = await build(spec, { attack: (doc, s) => void appendContent(doc, s.page, `${s.whiteout} ${s.typed(s.edit.after)}`) });
      return sample(spec, b, 'tampered', 'overlay appended in an update', ['hidden_content', 'incremental_edit']);
    },
  ),
  technique('h_signed', 'genuine', 'A signed document, left as signed.', async (spec) => sample(spec, await build(spec, {}), 'genuine', 'as signed')),
  technique('h_signed_form_fill', 'genuine', 'Certified with DocMDP /P 2; an empty text field in the bottom margin filled after signing.', async (spec) => {
    const b = await build(spec, {
      docMdp: 2,
      prepare: (doc, _s, font) => {
        const field = doc.context.register(
          doc.context.obj({
            Type: 'Annot',
            Subtype: 'Widget',
            FT: 'Tx',
            T: PDFString.of('Reference'),
            Rect: [40, 6, 240, 20],
            F: 4,
            DA: PDFString.of(`/${FONT} 9 Tf 0 g`),
          }),
        );
        doc.getPage(0).node.addAnnot(field);
        doc.getPage(0).node.setFontDictionary(PDFName.of(FONT), font.ref);
        doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: [field], DR: { Font: { [FONT]: font.ref } } }));
        return { refs: { field } };
      },
      attack: (doc, _s, p, font) => {
        const ap = doc.context.register(
          doc.context.stream(`/Tx BMC BT /${FONT} 9 Tf 2 4 Td (REF-${p.refs.field.objectNumber}-2231) Tj ET EMC`, {
            Type: 'XObject',
            Subtype: 'Form',
            BBox: [0, 0, 200, 14],
            Resources: { Font: { [FONT]: font } },
          }),
        );
        const box = doc.context.lookup(p.refs.field, PDFDict);
        box.set(PDFName.of('V'), PDFString.of(`REF-${p.refs.field.objectNumber}-2231`));
        box.set(PDFName.of('AP'), doc.context.obj({ N: ap }));
      },
    });
    return sample(spec, b, 'genuine', 'text field filled in an update (DocMDP 2)');
  }),
  technique('h_signed_countersigned', 'genuine', 'Signed, then signed again by an approver with a visible signature in the bottom margin.', async (spec) => {
    const b = await build(spec, {
      after: async (signed, _b, signedAt) => {
        const doc = await loadForIncrementalEdit(signed);
        const font = await doc.embedFont(StandardFonts.Helvetica);
        const approver = labSigner('Lab Approver');
        const at = new Date(signedAt.getTime() + 86_400_000);
        addSignatureField(doc, {
          signer: approver,
          signedAt: at,
          field: 'Signature2',
          visible: { rect: [300, 4, 560, 26], lines: ['Digitally signed by Lab Approver', at.toISOString().slice(0, 10)], font: font.ref },
        });
        return closeSignature((await appendIncrementalUpdate(signed, doc)).bytes, approver, at);
      },
    });
    return sample(spec, b, 'genuine', 'second signature in an update');
  }),
  technique(
    'h_signed_ltv',
    'genuine',
    'Signed, then long-term validation data (DSS with the certificate and a VRI entry) added in an update.',
    async (spec) => {
      const b = await build(spec, {
        after: async (signed, built) => {
          const doc = await loadForIncrementalEdit(signed);
          const cert = doc.context.register(doc.context.flateStream(labSigner(built.model.issuer.name).certificate));
          doc.catalog.set(PDFName.of('DSS'), doc.context.obj({ Type: 'DSS', Certs: [cert], VRI: { ['0'.repeat(40)]: { Cert: [cert] } } }));
          return (await appendIncrementalUpdate(signed, doc)).bytes;
        },
      });
      return sample(spec, b, 'genuine', 'DSS added in an update');
    },
  ),
];
