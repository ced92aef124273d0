/** Parser-confusion variants of the raw statement: each gives readers a choice, with other or the same content. */
import { STATEMENT_LINES, buildRawPdf, contentFor, rawLayout } from '../fixtures.js';

const L = rawLayout(1);
const latin1 = (b: Uint8Array) => Buffer.from(b).toString('latin1');
const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const base = () => latin1(buildRawPdf({ pages: [{ lines: STATEMENT_LINES }] }));
export const REAL = contentFor(STATEMENT_LINES);
export const FORGED = contentFor(STATEMENT_LINES.map((l) => (l.text.startsWith('Closing') ? { ...l, text: 'Closing balance: 9,350.00' } : l)));
const contentObj = new RegExp(`${L.content(0)} 0 obj\\n<< /Length \\d+ >>\\nstream\\n[\\s\\S]*?\\nendstream\\nendobj\\n`);

/** Inserts text before the xref and moves startxref by its length, so the table stays right. */
function beforeXref(s: string, extra: string): string {
  return s.replace('\nxref\n', `\n${extra}xref\n`).replace(/startxref\n(\d+)/, (_, at: string) => `startxref\n${Number(at) + extra.length}`);
}

/** Replaces the content object with a body of the same length budget (offsets after it shift, so they are rewritten). */
function withContentBody(body: string): string {
  const s = base();
  const old = contentObj.exec(s)![0];
  const next = `${L.content(0)} 0 obj\n${body}\nendobj\n`;
  const delta = next.length - old.length;
  const at = s.indexOf(old);
  const out = s.replace(old, next);
  return out
    .replace(/(\d{10}) 00000 n /g, (m, off: string) => (Number(off) > at ? `${String(Number(off) + delta).padStart(10, '0')} 00000 n ` : m))
    .replace(/startxref\n(\d+)/, (_, x: string) => `startxref\n${Number(x) + delta}`);
}

/** /Length covers the real content; endstream comes after a white-out and the forged content (or a comment). */
export const lengthSplit = (forged = true) => {
  const data = `${REAL}\n${forged ? `q 1 1 1 rg 0 0 612 792 re f Q\n${FORGED}` : '% padding'}`;
  return bytes(withContentBody(`<< /Length ${REAL.length} >>\nstream\n${data}\nendstream`));
};

/** Two /Length keys, the first covering the real content only. */
export const lengthTwice = () => {
  const data = `${REAL}\nq 1 1 1 rg 0 0 612 792 re f Q\n${FORGED}`;
  return bytes(withContentBody(`<< /Length ${REAL.length} /Length ${data.length} >>\nstream\n${data}\nendstream`));
};

/** A second definition of the content object, unlisted, later in the same save. */
export const duplicate = (content = FORGED) =>
  bytes(beforeXref(base(), `${L.content(0)} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`));

/** An update that redefines the content with no xref, trailer or %%EOF after it. */
export const bareUpdate = (content = FORGED) =>
  bytes(`${base()}${L.content(0)} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`);

/** The statement followed by a second complete document with its own header. */
export const innerDocument = (content = FORGED) => {
  const inner = latin1(buildRawPdf({ pages: [{ lines: [] }] })).replace(
    /<< \/Length 0 >>\nstream\n\nendstream/,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  );
  // The inner xref offsets after the content are off by the content length; rewrite them.
  return bytes(base() + fixOffsets(inner));
};

function fixOffsets(doc: string): string {
  const offsets = new Map<number, number>();
  for (const m of doc.matchAll(/(?<=\n)(\d+) 0 obj\n/g)) offsets.set(Number(m[1]), m.index!);
  let n = 0;
  const xrefAt = doc.indexOf('\nxref\n') + 1;
  return doc
    .replace(/(\d{10}) (\d{5}) ([nf]) \n/g, (m, _o: string, _g: string, t: string) => {
      const num = n++;
      return t === 'n' ? `${String(offsets.get(num)).padStart(10, '0')} 00000 n \n` : m;
    })
    .replace(/startxref\n\d+/, `startxref\n${xrefAt}`);
}

export const plain = () => bytes(base());

const sameLength = (s: string, from: string, to: string) => {
  if (from.length !== to.length || !s.includes(from)) throw new Error(`cannot replace ${from}`);
  return s.replace(from, to);
};

/** Two pages whose tree says /Count 1: a reader trusting /Count shows one. */
export const countShort = () =>
  bytes(
    sameLength(
      latin1(buildRawPdf({ pages: [{ lines: STATEMENT_LINES }, { lines: [{ x: 72, y: 700, text: 'Fees waived: 1,000.00' }] }] })),
      '/Count 2',
      '/Count 1',
    ),
  );

/** A page object naming the tree as parent without being in its kids; `countMatches` leaves /Count as the kids say. */
export const orphanPage = (countMatches = false) => {
  const extra = L.firstFree;
  const s = latin1(
    buildRawPdf({
      pages: [{ lines: STATEMENT_LINES }],
      extraObjects: {
        [extra]: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${extra + 1} 0 R >>`,
        [extra + 1]: `<< /Length ${FORGED.length} >>\nstream\n${FORGED}\nendstream`,
      },
    }),
  );
  return bytes(countMatches ? s : sameLength(s, '/Count 1', '/Count 2'));
};

/** The content's `stream` keyword runs straight into the data: tokenising readers see no stream. */
export const gluedStream = () => bytes(withContentBody(`<< /Length ${REAL.length} >>\nstream${REAL}\nendstream`));

/** A second content stream (white-out and forged text) defined in the body but free in the xref. */
export const freeOverlay = () => {
  const extra = L.firstFree;
  const overlay = `q 1 1 1 rg 0 0 612 792 re f Q\n${FORGED}`;
  const s = latin1(
    buildRawPdf({
      pages: [{ lines: STATEMENT_LINES, extra: '/X (pad-pad)' }],
      extraObjects: { [extra]: `<< /Length ${overlay.length} >>\nstream\n${overlay}\nendstream` },
    }),
  );
  const from = `/Contents ${L.content(0)} 0 R /X (pad-pad) >>`;
  const withArray = sameLength(s, from, `/Contents [${L.content(0)} 0 R ${extra} 0 R]`.padEnd(from.length - 2, ' ') + '>>');
  return bytes(withArray.replace(/\n(\d{10}) 00000 n \n(trailer)/, '\n0000000000 00001 f \n$2'));
};

/** A filled form field whose appearance stream is defined twice in one save (the forged value last, unlisted). */
export const fieldAppearanceTwice = () => {
  const [annot, ap] = [L.firstFree, L.firstFree + 1];
  const form = (v: string) => {
    const data = `BT /F1 10 Tf 2 5 Td (${v}) Tj ET`;
    return `<< /Type /XObject /Subtype /Form /BBox [0 0 200 20] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Length ${data.length} >>\nstream\n${data}\nendstream`;
  };
  const s = latin1(
    buildRawPdf({
      pages: [{ lines: STATEMENT_LINES, extra: `/Annots [${annot} 0 R]` }],
      extraObjects: { [annot]: `<< /Type /Annot /Subtype /Widget /FT /Tx /Rect [300 500 500 520] /AP << /N ${ap} 0 R >> >>`, [ap]: form('Paid: 1,350.00') },
    }),
  );
  return bytes(beforeXref(s, `${ap} 0 obj\n${form('Paid: 9,350.00')}\nendobj\n`));
};
