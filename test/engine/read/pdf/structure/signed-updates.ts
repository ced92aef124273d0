/**
 * Signed statements and what is appended after the signature: shadow attacks (content prepared
 * before signing, switched on after it), incremental saving attacks, and the updates signing
 * allows (form filling, a second signature, long-term validation data). The signature is
 * structural only: a /ByteRange that covers the file as it stood, with no real CMS inside.
 */
import { STATEMENT_LINES, appendUpdate, buildRawPdf, contentEditUpdate, contentFor, rawLayout, type RawPdfOptions } from './fixtures.js';

const L = rawLayout(1);
const enc = (s: string) => Buffer.from(s, 'latin1');
const stream = (dict: string, body: string) => `<< ${dict} /Length ${enc(body).length} >>\nstream\n${body}\nendstream`;
const form = (body: string, resources = `/Font << /F1 ${L.font} 0 R >>`) =>
  stream(`/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << ${resources} >>`, body);

/** Object numbers the fixtures use beyond the raw layout. */
export const N = {
  sig: L.firstFree,
  widget: L.firstFree + 1,
  form: L.firstFree + 2,
  a: L.firstFree + 3,
  b: L.firstFree + 4,
  c: L.firstFree + 5,
  d: L.firstFree + 6,
};

const PLACEHOLDER = '/ByteRange [0 0000000000 0000000000 0000000000]';
const SIG_DICT = (extra = '') =>
  `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (Jane Signer) ${PLACEHOLDER} /Contents <00>${extra} >>`;

/** Fills the last /ByteRange placeholder so that the signature covers the file as it is now. */
export function closeSignature(bytes: Uint8Array): Uint8Array {
  const text = Buffer.from(bytes).toString('latin1');
  const at = text.lastIndexOf(PLACEHOLDER);
  const range = `/ByteRange [0 ${String(at).padStart(10, '0')} ${String(at + 10).padStart(10, '0')} ${String(text.length - at - 10).padStart(10, '0')}]`;
  return new Uint8Array(enc(text.slice(0, at) + range + text.slice(at + range.length)));
}

const closing = (amount: string) => STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, text: `Closing balance: ${amount}` } : l));

/** A statement signed as first written; `docMdp` certifies it with that permission level, `usageRights` makes it a Reader-extensions signature. */
export function signed(
  opts: Partial<RawPdfOptions> & { docMdp?: 1 | 2 | 3; usageRights?: boolean; lines?: typeof STATEMENT_LINES; field?: number } = {},
): Uint8Array {
  const method = opts.usageRights ? 'UR3' : 'DocMDP';
  const perms =
    opts.docMdp || opts.usageRights
      ? ` /Reference [<< /Type /SigRef /TransformMethod /${method} /TransformParams << /Type /TransformParams${opts.docMdp ? ` /P ${opts.docMdp}` : ''} /V /1.2 >> >>]`
      : '';
  const widget = `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V ${N.sig} 0 R /Rect [0 0 0 0] /F 132 /P ${L.page(0)} 0 R >>`;
  return closeSignature(
    buildRawPdf({
      pages: [{ lines: opts.lines ?? STATEMENT_LINES, extra: `/Annots [${N.widget} 0 R${opts.field ? ` ${opts.field} 0 R` : ''}]` }],
      catalogExtra: `/AcroForm ${N.form} 0 R${opts.docMdp ? ` /Perms << /DocMDP ${N.sig} 0 R >>` : ''}${opts.catalogExtra ? ' ' + opts.catalogExtra : ''}`,
      extraObjects: {
        [N.sig]: SIG_DICT(perms),
        [N.widget]: widget,
        [N.form]: `<< /Fields [${N.widget} 0 R${opts.field ? ` ${opts.field} 0 R` : ''}] /SigFlags 3 >>`,
        ...opts.extraObjects,
      },
    }),
  );
}

const page = (contents: string, extra = '', resources = '') =>
  `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >>${resources} >> /Contents ${contents} /Annots [${N.widget} 0 R${extra}] >>`;

/** The white cover and the amount the signer saw, drawn over the real amount by a form XObject. */
const COVER = '1 1 1 rg 162 585 54 18 re f 0 g BT /F1 12 Tf 164.04 590 Td (1,350.00) Tj ET';

/**
 * Shadow hide: the page says 9,350.00 under a white box that shows 1,350.00; after signing the
 * XObject that draws the box is overwritten with an empty one and the real amount shows.
 */
export function shadowHideCover(): Uint8Array {
  const content = contentFor(closing('9,350.00')) + '\n/Cv Do';
  const base = signed({
    extraObjects: { [L.page(0)]: page(`${L.content(0)} 0 R`, '', ` /XObject << /Cv ${N.a} 0 R >>`), [L.content(0)]: stream('', content), [N.a]: form(COVER) },
  });
  return appendUpdate(base, { objects: [{ num: N.a, body: form('') }] });
}

/**
 * Shadow hide through optional content: the cover sits on a layer that is on at signing; the
 * update only rewrites the layer configuration, turning it off.
 */
export function shadowHideLayer(): Uint8Array {
  const content = contentFor(closing('9,350.00')) + `\n/OC /L1 BDC ${COVER} EMC`;
  const base = signed({
    catalogExtra: `/OCProperties ${N.b} 0 R`,
    extraObjects: {
      [L.page(0)]: page(`${L.content(0)} 0 R`, '', ` /Properties << /L1 ${N.a} 0 R >>`),
      [L.content(0)]: stream('', content),
      [N.a]: `<< /Type /OCG /Name (Review) >>`,
      [N.b]: `<< /OCGs [${N.a} 0 R] /D << /ON [${N.a} 0 R] /OFF [] >> >>`,
    },
  });
  return appendUpdate(base, { objects: [{ num: N.b, body: `<< /OCGs [${N.a} 0 R] /D << /ON [] /OFF [${N.a} 0 R] >> >>` }] });
}

/** Shadow replace: the amount is drawn by a form XObject, overwritten after signing under the same number. */
export function shadowReplaceXObject(): Uint8Array {
  const lines = STATEMENT_LINES.filter((l) => !l.text.startsWith('Closing'));
  const amount = (v: string) => form(`BT /F1 12 Tf 72 590 Td (Closing balance: ${v}) Tj ET`);
  const base = signed({
    extraObjects: {
      [L.page(0)]: page(`${L.content(0)} 0 R`, '', ` /XObject << /Am ${N.a} 0 R >>`),
      [L.content(0)]: stream('', contentFor(lines) + '\n/Am Do'),
      [N.a]: amount('1,350.00'),
    },
  });
  return appendUpdate(base, { objects: [{ num: N.a, body: amount('9,350.00') }] });
}

/**
 * Shadow hide-and-replace: a second content stream with another amount sits in the signed file,
 * used by nothing; the update only points the page's /Contents at it.
 */
export function shadowHideAndReplace(): Uint8Array {
  const base = signed({ extraObjects: { [N.a]: stream('', contentFor(closing('9,350.00'))) } });
  return appendUpdate(base, { objects: [{ num: L.page(0), body: page(`${N.a} 0 R`) }] });
}

/** Incremental saving attack: a plain content edit appended after the signature. */
export const savedOverSignature = () => contentEditUpdate(signed(), 1, 0, closing('8,350.00'));

const checkbox = (state: 'Off' | 'On') =>
  `<< /Type /Annot /Subtype /Widget /FT /Btn /T (Reviewed) /V /${state} /AS /${state} /Rect [162 582 262 606] /P ${L.page(0)} 0 R /AP << /N << /On ${N.b} 0 R /Off ${N.c} 0 R >> >> >>`;

/**
 * Shadow replace through a form field: a check box whose "on" appearance paints a white box and
 * another amount over the signed one. Ticking it after signing is form filling, which a
 * certification with /P 2 permits; what it paints over the signed text is not.
 */
export function shadowCheckboxOverlay(): Uint8Array {
  const on = stream(
    '/Type /XObject /Subtype /Form /BBox [0 0 100 24] /Resources << /Font << /F1 3 0 R >> >>',
    '1 1 1 rg 0 0 100 24 re f 0 g BT /F1 12 Tf 2.04 8 Td (9,350.00) Tj ET',
  );
  const base = signed({
    docMdp: 2,
    field: N.a,
    extraObjects: { [N.a]: checkbox('Off'), [N.b]: on, [N.c]: stream('/Type /XObject /Subtype /Form /BBox [0 0 100 24]', '') },
  });
  return appendUpdate(base, { objects: [{ num: N.a, body: checkbox('On') }] });
}

const textField = (value?: string) =>
  `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Reference) ${value ? `/V (${value}) /AP << /N ${N.b} 0 R >> ` : ''}/Rect [300 500 500 520] /P ${L.page(0)} 0 R >>`;

/** Genuine: certified with /P 2, then an empty text field filled in a blank part of the page. */
export function signedThenFilled(): Uint8Array {
  const ap = stream(
    '/Type /XObject /Subtype /Form /BBox [0 0 200 20] /Resources << /Font << /F1 3 0 R >> >>',
    '/Tx BMC BT /F1 10 Tf 2 5 Td (REF-2231) Tj ET EMC',
  );
  return appendUpdate(signed({ docMdp: 2, field: N.a, extraObjects: { [N.a]: textField() } }), {
    objects: [
      { num: N.a, body: textField('REF-2231') },
      { num: N.b, body: ap },
    ],
  });
}

/** Genuine: a second signer signs later, with a visible signature in the bottom margin. */
export function counterSigned(): Uint8Array {
  const ap = stream(
    '/Type /XObject /Subtype /Form /BBox [0 0 200 40] /Resources << /Font << /F1 3 0 R >> >>',
    'BT /F1 9 Tf 4 24 Td (Digitally signed by John Approver) Tj 0 -12 Td (Date: 2024.02.03) Tj ET',
  );
  const second = `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature2) /V ${N.c} 0 R /Rect [360 40 560 80] /F 4 /P ${L.page(0)} 0 R /AP << /N ${N.d} 0 R >> >>`;
  const update = appendUpdate(signed(), {
    objects: [
      { num: L.page(0), body: page(`${L.content(0)} 0 R`, ` ${N.b} 0 R`) },
      { num: N.form, body: `<< /Fields [${N.widget} 0 R ${N.b} 0 R] /SigFlags 3 >>` },
      { num: N.b, body: second },
      { num: N.c, body: SIG_DICT().replace('Jane Signer', 'John Approver') },
      { num: N.d, body: ap },
    ],
  });
  return closeSignature(update);
}

/** Genuine: long-term validation data (a DSS with certificates and VRI) added after signing. */
export function withValidationData(): Uint8Array {
  const cert = stream('', '0\x82\x01\x0a certificate bytes');
  return appendUpdate(signed(), {
    objects: [
      { num: L.catalog, body: `<< /Type /Catalog /Pages ${L.pages} 0 R /AcroForm ${N.form} 0 R /DSS ${N.b} 0 R >>` },
      { num: N.b, body: `<< /Type /DSS /Certs [${N.c} 0 R] /VRI << /ABCDEF0123456789ABCDEF0123456789ABCDEF01 << /Cert [${N.c} 0 R] >> >> >>` },
      { num: N.c, body: cert },
    ],
  });
}

/** A comment written in the margin after a certification that allows only form filling (/P 2). */
export function commentUnderFormOnlyCertification(): Uint8Array {
  const ap = stream(
    '/Type /XObject /Subtype /Form /BBox [0 0 150 20] /Resources << /Font << /F1 3 0 R >> >>',
    'BT /F1 10 Tf 2 5 Td (Approved for payment) Tj ET',
  );
  return appendUpdate(signed({ docMdp: 2 }), {
    objects: [
      { num: L.page(0), body: page(`${L.content(0)} 0 R`, ` ${N.b} 0 R`) },
      {
        num: N.b,
        body: `<< /Type /Annot /Subtype /FreeText /Rect [400 740 550 760] /Contents (Approved for payment) /DA (/F1 10 Tf) /AP << /N ${N.c} 0 R >> >>`,
      },
      { num: N.c, body: ap },
    ],
  });
}

/** A picture (a 2x2 grey stamp drawn as an inline image) added to the page after signing. */
export function pictureAfterSignature(): Uint8Array {
  const body = 'q 120 0 0 60 400 650 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x80\x40\x40\x80 EI Q';
  return appendUpdate(signed(), {
    objects: [
      { num: N.a, body: stream('', body) },
      { num: L.page(0), body: page(`[${L.content(0)} 0 R ${N.a} 0 R]`) },
    ],
  });
}
