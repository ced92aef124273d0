/**
 * A statement its writer extends in the sitting that made it (FileMaker's "Append to existing
 * PDF", Acrobat's Insert Pages while the author assembles the document): an update that adds a
 * page after the last one and stamps the Info again with the same Producer and Creator, a second
 * later. The options make the shapes a forger leaves: the page added days later, by another
 * program, put before the issuer's page, or with the Info left as the issuer wrote it.
 */
import { appendUpdate, contentFor, rawLayout } from './fixtures.js';
import { statement } from './updates.js';

const L = rawLayout(1);
const enc = (s: string) => Buffer.from(s, 'latin1');
const stream = (body: string) => `<< /Length ${enc(body).length} >>\nstream\n${body}\nendstream`;
const MADE = "(D:20240105093000+01'00')";
const WRITER = { Producer: '(Veracity Report Writer 4.2)', Creator: '(Club Records)' };

export interface AppendOptions {
  /** The update's ModDate (default: one second after the statement was made). */
  modDate?: string;
  /** The update's Producer (default: the statement's writer). */
  producer?: string;
  /** Put the new page before the statement's page instead of after it. */
  first?: boolean;
  /** Leave the Info as the statement's writer wrote it. */
  keepInfo?: boolean;
}

export function pageAppended(opts: AppendOptions = {}): Uint8Array {
  const base = statement({ ...WRITER, CreationDate: MADE, ModDate: MADE });
  const page = L.firstFree;
  const content = L.firstFree + 1;
  const lines = [
    { x: 72, y: 720, text: 'Transactions (continued)' },
    { x: 72, y: 700, text: '2024-01-04  Card payment  -45.10' },
  ];
  const kids = opts.first ? `${page} 0 R ${L.page(0)} 0 R` : `${L.page(0)} 0 R ${page} 0 R`;
  const info = `<< /Producer ${opts.producer ?? WRITER.Producer} /Creator ${WRITER.Creator} /CreationDate ${MADE} /ModDate (${opts.modDate ?? "D:20240105093001+01'00'"}) >>`;
  return appendUpdate(base, {
    objects: [
      {
        num: page,
        body: `<< /Type /Page /Parent ${L.pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${L.font} 0 R >> >> /Contents ${content} 0 R >>`,
      },
      { num: content, body: stream(contentFor(lines)) },
      { num: L.pages, body: `<< /Type /Pages /Count 2 /Kids [${kids}] >>` },
      ...(opts.keepInfo ? [] : [{ num: L.info, body: info }]),
    ],
  });
}
