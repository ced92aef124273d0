/**
 * Incremental updates and stale sections that the shared fixtures (updates.ts) do not build: each
 * makes one kind of revision the structure detectors name (text removed, page inserted, drawing
 * replaced, font swapped, an update touching nothing on the pages, a section left unchained).
 */
import { STATEMENT_LINES, appendUpdate, buildRawPdf, contentEditUpdate, contentFor, pdfString, rawLayout } from './fixtures.js';
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

/** A statement on A4 as LibreOffice writes it: the MediaBox in reals at full precision. */
const A4_LIBREOFFICE = '0 0 595.303937007874 841.889763779528';
const a4Statement = () =>
  buildRawPdf({
    pages: [{ lines: STATEMENT_LINES }],
    extraObjects: {
      [L.page(0)]:
        `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [${A4_LIBREOFFICE}] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${L.content(0)} 0 R >>`,
    },
  });

/**
 * A reviewer's markup saved by poppler (Okular): a polygon annotation added and the page
 * dictionary written out again with the MediaBox's reals at poppler's ten digits. `mediaBox`
 * writes another box instead (a page resized in the update).
 */
export const popplerAnnotationSave = (mediaBox = '0 0 595.3039370079 841.8897637795') =>
  appendUpdate(a4Statement(), {
    objects: [
      {
        num: L.firstFree,
        body: `<< /Type /Annot /Subtype /Polygon /Rect [83.42 741.41 142.44 761.45] /Vertices [83.42 760.01 83.98 742.27 142.44 741.41 140.45 761.45] /C [0 0.494 0.933] /P ${L.page(0)} 0 R >>`,
      },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /Resources << /Font << /F1 ${L.font} 0 R >> >> /MediaBox [${mediaBox} ] /Contents ${L.content(0)} 0 R /Annots [${L.firstFree} 0 R] >> `,
      },
    ],
  });

/**
 * The statement's text written out again as Acrobat's text tool leaves a page it touched: each
 * line's glyphs regrouped into a TJ array of two shows, placed by a text matrix instead of a Td.
 * `change` makes the forged twins: the amount line moved 20 points down, or a white box painted
 * over the amount (the same glyphs, the same places).
 */
export const textPlacedAnew = (change?: 'moved' | 'boxed') => {
  const show = (l: (typeof STATEMENT_LINES)[number]) => {
    const cut = l.text.indexOf(' ') + 1;
    const y = change === 'moved' && l.text.startsWith('Closing') ? l.y - 20 : l.y;
    return `BT /F1 ${l.size ?? 12} Tf 1 0 0 1 ${l.x} ${y} Tm [${pdfString(l.text.slice(0, cut))} ${pdfString(l.text.slice(cut))}] TJ ET`;
  };
  const body = STATEMENT_LINES.map(show).join('\n') + (change === 'boxed' ? '\n1 1 1 rg 160 586 60 16 re f' : '');
  return appendUpdate(statement(), { objects: [{ num: L.content(0), body: stream(body) }] });
};

/**
 * A review script's marks (PyMuPDF's draw_quad): a stream appended to the page that outlines the
 * closing balance in a thin red line. `change` makes the forged twins: a white line 12 points
 * wide struck over the amount, or a white box filled over it.
 */
export const thinLinesAppended = (change?: 'wide' | 'filled') => {
  const added = L.firstFree;
  const body =
    change === 'wide'
      ? 'q 12 w 1 1 1 RG 160 594 m 222 594 l S Q'
      : change === 'filled'
        ? 'q 1 1 1 rg 160 586 62 16 re f Q'
        : 'q 68 586 m 226 586 l 226 604 l 68 604 l 68 586 l 0.3 w h 1 0 0 RG S Q';
  return appendUpdate(statement(), {
    objects: [
      { num: added, body: stream(body) },
      {
        num: L.page(0),
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents [${L.content(0)} 0 R ${added} 0 R] >>`,
      },
    ],
  });
};

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
