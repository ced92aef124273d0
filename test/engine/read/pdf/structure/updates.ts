/** Typical incremental updates, benign and not, built on the raw fixtures. */
import { STATEMENT_LINES, appendUpdate, buildRawPdf, contentEditUpdate, rawLayout } from './fixtures.js';

export const statement = (info?: Record<string, string> | null) => buildRawPdf({ pages: [{ lines: STATEMENT_LINES }], info });
const L = rawLayout(1);

/** Changes the closing balance, as a forger using an editor would. */
export const amountEdit = () =>
  contentEditUpdate(
    statement(),
    1,
    0,
    STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, text: 'Closing balance: 9,350.00' } : l)),
  );

/** Adds a sticky-note annotation: page dict gains /Annots. */
export const annotationUpdate = (base = statement()) =>
  appendUpdate(base, {
    objects: [
      { num: L.firstFree, body: '<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /Contents (Checked) >>' },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${L.content(0)} 0 R /Annots [${L.firstFree} 0 R] >>`,
      },
    ],
  });

/** Adds an empty signature field (widget + AcroForm), as Acrobat's "prepare form" does. */
export const signatureFieldUpdate = (base = statement()) =>
  appendUpdate(base, {
    objects: [
      { num: L.firstFree, body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /Rect [400 80 560 120] /P ${L.page(0)} 0 R >>` },
      { num: L.firstFree + 1, body: `<< /Fields [${L.firstFree} 0 R] /SigFlags 1 >>` },
      { num: L.catalog, body: `<< /Type /Catalog /Pages ${L.pages} 0 R /AcroForm ${L.firstFree + 1} 0 R >>` },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${L.content(0)} 0 R /Annots [${L.firstFree} 0 R] >>`,
      },
    ],
  });

/** A form with a text field, then an update that fills it (new /V and appearance stream). */
export function formFill() {
  const field = L.firstFree;
  const form = L.firstFree + 1;
  const ap = L.firstFree + 2;
  const base = buildRawPdf({
    pages: [{ lines: STATEMENT_LINES, extra: `/Annots [${field} 0 R]` }],
    catalogExtra: `/AcroForm ${form} 0 R`,
    extraObjects: {
      [field]: `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Reference) /Rect [300 500 500 520] /P ${L.page(0)} 0 R >>`,
      [form]: `<< /Fields [${field} 0 R] >>`,
    },
  });
  const apContent = 'BT /Helv 10 Tf 2 5 Td (REF-2231) Tj ET';
  return appendUpdate(base, {
    objects: [
      {
        num: field,
        body: `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Reference) /V (REF-2231) /Rect [300 500 500 520] /P ${L.page(0)} 0 R /AP << /N ${ap} 0 R >> >>`,
      },
      { num: ap, body: `<< /Type /XObject /Subtype /Form /BBox [0 0 200 20] /Length ${apContent.length} >>\nstream\n${apContent}\nendstream` },
    ],
  });
}

/**
 * Form fillers as they save (issue 8): one incremental update per filled field, each with the
 * field value, a new appearance stream, NeedAppearances on the form, and the page dictionary
 * stamped with the filler's bookkeeping (LastModified, Tabs, StructParents), the text unchanged.
 * `mediaBox` rewrites the page size too (that changes what the page shows).
 */
export function formFillSession(opts: { mediaBox?: string; refill?: string } = {}) {
  const fields = [L.firstFree, L.firstFree + 1];
  const form = L.firstFree + 2;
  const widget = (i: number, extra = '') =>
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Field${i}) /Rect [300 ${500 - 30 * i} 500 ${520 - 30 * i}] /P ${L.page(0)} 0 R ${extra}>>`;
  let bytes = buildRawPdf({
    pages: [{ lines: STATEMENT_LINES, extra: `/Annots [${fields.map((f) => `${f} 0 R`).join(' ')}]` }],
    catalogExtra: `/AcroForm ${form} 0 R`,
    extraObjects: { [fields[0]]: widget(0), [fields[1]]: widget(1), [form]: `<< /Fields [${fields.map((f) => `${f} 0 R`).join(' ')}] >>` },
  });
  const values = ['Jane Example', '2024-02-01', ...(opts.refill ? [opts.refill] : [])];
  values.forEach((v, n) => {
    // A third value goes into the second field again: a filled-in value replaced.
    const i = Math.min(n, 1);
    const ap = L.firstFree + 3 + n;
    const content = `/Tx BMC q BT /Helv 10 Tf 2 5 Td (${v}) Tj ET Q EMC`;
    bytes = appendUpdate(bytes, {
      objects: [
        { num: fields[i], body: widget(i, `/V (${v}) /AP << /N ${ap} 0 R >> `) },
        { num: ap, body: `<< /Type /XObject /Subtype /Form /BBox [0 0 200 20] /Length ${content.length} >>\nstream\n${content}\nendstream` },
        { num: form, body: `<< /Fields [${fields.map((f) => `${f} 0 R`).join(' ')}] /NeedAppearances true /DA (/Helv 0 Tf 0 g) >>` },
        {
          num: L.page(0),
          body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [${opts.mediaBox ?? '0 0 612 792'}] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${L.content(0)} 0 R /Annots [${fields.map((f) => `${f} 0 R`).join(' ')}] /Tabs /R /StructParents ${i} /LastModified (D:2024020${n + 1}100000+01'00') >>`,
        },
      ],
    });
  });
  return bytes;
}

/** Only the Info dictionary is rewritten (a viewer's "save"). */
export const metadataUpdate = (base = statement()) =>
  appendUpdate(base, {
    objects: [
      {
        num: L.info,
        body: "<< /Producer (Veracity Test Writer) /CreationDate (D:20240105093000+01'00') /ModDate (D:20240106100000+01'00') /Title (Statement) >>",
      },
    ],
  });

/**
 * A file whose original revision carries a signature dictionary with a /ByteRange covering the
 * whole file as first written (the /Contents gap is not a real CMS: structure only).
 */
export function signedStatement(): Uint8Array {
  const sig = L.firstFree;
  const placeholder = '/ByteRange [0 0000000100 0000000200 0000000000]';
  const base = buildRawPdf({
    pages: [{ lines: STATEMENT_LINES }],
    extraObjects: { [sig]: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (Jane Signer) ${placeholder} /Contents <00> >>` },
  });
  const text = Buffer.from(base).toString('latin1');
  const len = base.length;
  const patched = text.replace(placeholder, `/ByteRange [0 0000000100 0000000200 ${String(len - 200).padStart(10, '0')}]`);
  return new Uint8Array(Buffer.from(patched, 'latin1'));
}

/**
 * Adds an annotation the way pdf-lib-based tools do: the page's content is wrapped in two new
 * streams ("q" before, "Q" after) and its resources are rewritten inline with empty entries.
 * `paint` puts drawing operators into the trailing stream instead: a real edit hidden in the same shape.
 */
export function wrappedAnnotationUpdate(paint?: string): Uint8Array {
  const annot = L.firstFree;
  const pre = L.firstFree + 1;
  const post = L.firstFree + 2;
  const tail = paint ? `${paint}\nQ` : 'Q';
  return appendUpdate(statement(), {
    objects: [
      { num: annot, body: '<< /Type /Annot /Subtype /Text /Rect [400 700 420 720] /Contents (Checked) >>' },
      { num: pre, body: '<< /Length 2 >>\nstream\nq\n\nendstream' },
      { num: post, body: `<< /Length ${tail.length + 1} >>\nstream\n\n${tail}\nendstream` },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> /XObject << >> /ExtGState << >> >> /Contents [${pre} 0 R ${L.content(0)} 0 R ${post} 0 R] /Annots [${annot} 0 R] >>`,
      },
    ],
  });
}

/**
 * Covers the closing balance with a white box and writes a new amount on top, in a second
 * content stream: the old amount stays in the text layer beside the new one.
 */
export function overlayEdit(): Uint8Array {
  const patch = L.firstFree;
  const body = '1 1 1 rg 160 586 60 16 re f 0 0 0 rg BT /F1 12 Tf 165 590 Td (9,350.00) Tj ET';
  return appendUpdate(statement(), {
    objects: [
      { num: patch, body: `<< /Length ${body.length} >>\nstream\n${body}\nendstream` },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents [${L.content(0)} 0 R ${patch} 0 R] >>`,
      },
    ],
  });
}

/**
 * macOS PDFKit's append-mode save ("Quartz PDFContext, AppendMode 1.1"), as Preview leaves it
 * after a link or a note was handled: the page dictionary written out again in its own key order
 * with an explicit `/Rotate 0`, the contents untouched, and a new Info. `rotate` turns the page.
 */
export const quartzAppendSave = (rotate = 0) =>
  appendUpdate(statement(), {
    objects: [
      {
        num: L.page(0),
        body: `<< /Type /Page /MediaBox [ 0 0 612 792 ] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Parent ${L.pages} 0 R /Rotate ${rotate} /Contents ${L.content(0)} 0 R >>`,
      },
      {
        num: L.info,
        body: "<< /Producer (macOS Version 13.4 \\(Build 22F66\\) Quartz PDFContext, AppendMode 1.1) /CreationDate (D:20230921153112Z00'00') /ModDate (D:20230925053452Z00'00') >>",
      },
    ],
  });
