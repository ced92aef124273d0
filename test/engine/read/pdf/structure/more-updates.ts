/**
 * Incremental updates and stale sections that the shared fixtures (updates.ts) do not build: each
 * makes one kind of revision the structure detectors name (text removed, page inserted, drawing
 * replaced, font swapped, an update touching nothing on the pages, a section left unchained).
 */
import { STATEMENT_LINES, appendUpdate, buildRawPdf, contentEditUpdate, contentFor, rawLayout } from './fixtures.js';
import { statement } from './updates.js';

const L = rawLayout(1);
const enc = (s: string) => Buffer.from(s, 'latin1');
const stream = (body: string, dict = '') => `<< ${dict}/Length ${enc(body).length} >>\nstream\n${body}\nendstream`;

/** The account holder's line taken out of the page in an update, nothing written in its place. */
export const lineRemoved = () =>
  contentEditUpdate(
    statement(),
    1,
    0,
    STATEMENT_LINES.filter((l) => !l.text.startsWith('Account holder')),
  );

/** A second page (a drawing, no text) added to the page tree by an update. */
export const pageInserted = () => {
  const page = L.firstFree;
  const content = L.firstFree + 1;
  return appendUpdate(statement(), {
    objects: [
      { num: page, body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents ${content} 0 R >>` },
      { num: content, body: stream('0 0 1 rg 100 100 200 80 re f') },
      { num: L.pages, body: `<< /Type /Pages /Count 2 /Kids [${L.page(0)} 0 R ${page} 0 R] >>` },
    ],
  });
};

/** A statement whose page draws a logo (a form XObject) beside its text. */
const FORM = L.firstFree;
const logo = (colour: string) => stream(`${colour} rg 0 0 1 1 re f`, '/Type /XObject /Subtype /Form /BBox [0 0 1 1] ');
export const statementWithLogo = () => {
  const content = `${contentFor(STATEMENT_LINES)}\nq 80 0 0 40 450 700 cm /Logo Do Q`;
  return buildRawPdf({
    pages: [{ lines: STATEMENT_LINES }],
    extraObjects: {
      [L.page(0)]:
        `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> /XObject << /Logo ${FORM} 0 R >> >> /Contents ${L.content(0)} 0 R >>`,
      [L.content(0)]: stream(content),
      [FORM]: logo('0 0 1'),
    },
  });
};

/** The logo's drawing replaced by an update; the page's own content stream untouched. */
export const logoReplaced = () => appendUpdate(statementWithLogo(), { objects: [{ num: FORM, body: logo('1 0 0') }] });

/** The font the page's text is drawn with redefined by an update (Helvetica becomes Courier). */
export const fontSwapped = (base = statement()) =>
  appendUpdate(base, { objects: [{ num: L.font, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>' }] });

/** An update that adds one object nothing on the pages uses. */
export const unrelatedObjectAdded = () => appendUpdate(statement(), { objects: [{ num: L.firstFree, body: '<< /Note (kept by a tool) >>' }] });

/** An xref section with its trailer left after the end, chained from nowhere (startxref still names the first). */
export const staleSection = () => {
  const text = Buffer.from(statement()).toString('latin1');
  const xrefAt = Number(/startxref\s+(\d+)/.exec(text)![1]);
  const stale = `xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size ${L.firstFree} /Root ${L.catalog} 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(enc(text + stale));
};

/** A single-revision file whose font object carries generation 1 (a number reused by a rewriting tool). */
export const reusedGeneration = () => {
  const text = Buffer.from(statement()).toString('latin1');
  const head = text.indexOf(`\n${L.font} 0 obj\n`);
  let out = text.replace(`\n${L.font} 0 obj\n`, `\n${L.font} 1 obj\n`).replaceAll(`/F1 ${L.font} 0 R`, `/F1 ${L.font} 1 R`);
  // The xref row of the font object: same offset (the header keeps its length), generation 1.
  const offset = String(head + 1).padStart(10, '0');
  out = out.replace(`${offset} 00000 n `, `${offset} 00001 n `);
  return new Uint8Array(enc(out));
};

/** Content written the way some page tools re-serialise it: reals, hex strings, one line. */
const respell = (content: string) =>
  content
    .replace(/\(((?:[^()\\]|\\.)*)\)/g, (_, s: string) => `<${Buffer.from(s.replace(/\\(.)/g, '$1'), 'latin1').toString('hex')}>`)
    .replace(/(?<![\w.<])(\d+)(?=\s)/g, '$1.0')
    .replace(/\n/g, ' ');

/**
 * dynblocks' slide images (texlive-latex-extra-doc): a two-page file whose writer never wrote
 * %%EOF, then an update by a page tool that keeps page 1 only and re-serialises its content in its
 * own spelling (`change` edits a line on the way).
 */
export function pageKeptByTool(opts: { keepBoth?: boolean; change?: (text: string) => string } = {}): Uint8Array {
  const P = rawLayout(2);
  const page2 = [{ x: 72, y: 700, text: 'Transactions (continued)' }];
  const base = Buffer.from(buildRawPdf({ pages: [{ lines: STATEMENT_LINES }, { lines: page2 }] }))
    .toString('latin1')
    .replace(/%%EOF\n$/, '');
  const lines = opts.change ? STATEMENT_LINES.map((l) => ({ ...l, text: opts.change!(l.text) })) : STATEMENT_LINES;
  const kids = opts.keepBoth ? `${P.page(0)} 0 R ${P.page(1)} 0 R` : `${P.page(0)} 0 R`;
  return appendUpdate(new Uint8Array(enc(base)), {
    objects: [
      { num: P.pages, body: `<< /Type /Pages /Count ${opts.keepBoth ? 2 : 1} /Kids [${kids}] >>` },
      { num: P.content(0), body: stream(respell(contentFor(lines))) },
    ],
  });
}

/**
 * macOS Preview's crop (swfigure's DFscreenshot, texlive-latex-extra-doc): an update that rewrites
 * the page dictionary with a CropBox, content untouched. `box` in PDF units [x0 y0 x1 y1].
 */
export const pageCropped = (box: [number, number, number, number]) =>
  appendUpdate(statement(), {
    objects: [
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /CropBox [${box.join(' ')}] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${L.content(0)} 0 R >>`,
      },
    ],
  });

/**
 * A form whose check box (its "on" state named `/2`, as the IRS names them) is ticked in one
 * form-fill update and unticked in the next; `typed` makes it a text field whose value goes
 * from "2" to "7" instead.
 */
export function boxUnticked(opts: { typed?: boolean } = {}): Uint8Array {
  const field = L.firstFree;
  const form = L.firstFree + 1;
  const widget = (v: string) =>
    opts.typed
      ? `<< /Type /Annot /Subtype /Widget /FT /Tx /T (c1_01) /Rect [300 500 320 520] /P ${L.page(0)} 0 R ${v ? `/V (${v}) ` : ''}>>`
      : `<< /Type /Annot /Subtype /Widget /FT /Btn /T (c1_01) /Rect [300 500 320 520] /P ${L.page(0)} 0 R ${v ? `/V /${v} /AS /${v} ` : '/AS /Off '}>>`;
  let bytes = buildRawPdf({
    pages: [{ lines: STATEMENT_LINES, extra: `/Annots [${field} 0 R]` }],
    catalogExtra: `/AcroForm ${form} 0 R`,
    extraObjects: { [field]: widget(''), [form]: `<< /Fields [${field} 0 R] >>` },
  });
  for (const v of opts.typed ? ['2', '7'] : ['2', 'Off']) bytes = appendUpdate(bytes, { objects: [{ num: field, body: widget(v) }] });
  return bytes;
}
