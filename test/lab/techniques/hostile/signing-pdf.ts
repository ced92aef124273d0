/**
 * Signing a lab PDF as signing tools do: a signature dictionary with a /ByteRange placeholder and
 * a zero-filled /Contents, a signature field on the first page (invisible, or with a visible
 * appearance), optionally a DocMDP certification; then the byte range is written and the CMS
 * signature over it fills /Contents. Works for a first signature written in a full save and for
 * a later one written in an incremental update (the last placeholder in the file is filled).
 */
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString, type PDFRef } from 'pdf-lib';
import { detachedCms, type Signer } from './signing-cms.js';

/** Room for the CMS (hex digits): a 2048-bit signature with its certificate needs about 3,000. */
const CONTENTS_HEX = 8192;
const RANGE_MARK = '**********';
const RANGE_PLACEHOLDER = /\/ByteRange\s*\[\s*0\s+\/\*{10}\s+\/\*{10}\s+\/\*{10}\s*\]/g;

export interface SignatureField {
  signer: Signer;
  signedAt: Date;
  /** Field name; `Signature1` for the first. */
  field: string;
  /** DocMDP permission level: the signature certifies the document. */
  docMdp?: 1 | 2 | 3;
  /** A visible appearance: rectangle on the first page and the lines it shows. */
  visible?: { rect: [number, number, number, number]; lines: string[]; font: PDFRef };
}

/** Adds a signature awaiting its bytes (see `closeSignature`); returns the signature dictionary's reference. */
export function addSignatureField(doc: PDFDocument, f: SignatureField): PDFRef {
  const ctx = doc.context;
  const reference = f.docMdp
    ? { Reference: [ctx.obj({ Type: 'SigRef', TransformMethod: 'DocMDP', TransformParams: ctx.obj({ Type: 'TransformParams', P: f.docMdp, V: '1.2' }) })] }
    : {};
  const sig = ctx.register(
    ctx.obj({
      Type: 'Sig',
      Filter: 'Adobe.PPKLite',
      SubFilter: 'adbe.pkcs7.detached',
      ByteRange: [0, PDFName.of(RANGE_MARK), PDFName.of(RANGE_MARK), PDFName.of(RANGE_MARK)],
      Contents: PDFHexString.of('0'.repeat(CONTENTS_HEX)),
      Name: PDFString.of(f.signer.commonName),
      M: PDFString.fromDate(f.signedAt),
      ...reference,
    }),
  );
  const page = doc.getPage(0);
  const rect = f.visible?.rect ?? [0, 0, 0, 0];
  const widget = ctx.obj({ Type: 'Annot', Subtype: 'Widget', FT: 'Sig', T: PDFString.of(f.field), V: sig, Rect: rect, F: f.visible ? 4 : 132, P: page.ref });
  if (f.visible) {
    const [x0, y0, x1, y1] = rect;
    const text = f.visible.lines.map((l, i) => `${i ? '0 -11 Td ' : ''}(${l.replace(/[\\()]/g, (c) => `\\${c}`)}) Tj`).join(' ');
    const ap = ctx.stream(`BT /Fs 9 Tf 4 ${y1 - y0 - 12} Td ${text} ET`, {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, x1 - x0, y1 - y0],
      Resources: { Font: { Fs: f.visible.font } },
    });
    widget.set(PDFName.of('AP'), ctx.obj({ N: ctx.register(ap) }));
  }
  const widgetRef = ctx.register(widget);
  page.node.addAnnot(widgetRef);
  const catalog = doc.catalog;
  const form = catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict) ?? ctx.obj({});
  const fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? ctx.obj([]);
  fields.push(widgetRef);
  form.set(PDFName.of('Fields'), fields);
  form.set(PDFName.of('SigFlags'), PDFNumber.of(3));
  catalog.set(PDFName.of('AcroForm'), form);
  if (f.docMdp) catalog.set(PDFName.of('Perms'), ctx.obj({ DocMDP: sig }));
  return sig;
}

/** Writes the byte range of the last placeholder and signs the bytes it names. */
export function closeSignature(bytes: Uint8Array, signer: Signer, signedAt: Date): Uint8Array {
  const buf = Buffer.from(bytes);
  const text = buf.toString('latin1');
  const marks = [...text.matchAll(RANGE_PLACEHOLDER)];
  const mark = marks[marks.length - 1];
  if (!mark) throw new Error('no signature placeholder in the file');
  const zeros = `<${'0'.repeat(CONTENTS_HEX)}>`;
  const start = text.indexOf(zeros, mark.index);
  if (start < 0) throw new Error('no /Contents placeholder after the byte range');
  const end = start + zeros.length;
  const range = `/ByteRange [0 ${start} ${end} ${buf.length - end}]`;
  if (range.length > mark[0].length) throw new Error('byte range does not fit its placeholder');
  buf.write(range.padEnd(mark[0].length, ' '), mark.index, 'latin1');
  const signed = Buffer.concat([buf.subarray(0, start), buf.subarray(end)]);
  const cms = detachedCms(signed, signer, signedAt).toString('hex');
  if (cms.length > CONTENTS_HEX) throw new Error('signature larger than its placeholder');
  buf.write(`<${cms.padEnd(CONTENTS_HEX, '0')}>`, start, 'latin1');
  return new Uint8Array(buf);
}
