/**
 * Appends an incremental update to a PDF, the way editors save: the original bytes stay as
 * they are, and a new section with the changed and new objects, a cross-reference section and
 * a trailer pointing back (/Prev) follows. The objects to write are found by comparing a
 * pdf-lib document edited in memory with a fresh parse of the original.
 */
import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFNumber, PDFRef, type PDFObject, type PDFDict } from 'pdf-lib';

function serialize(obj: PDFObject): Uint8Array {
  const buf = new Uint8Array(obj.sizeInBytes());
  obj.copyBytesInto(buf, 0);
  return buf;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function lastStartxref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 2048))).toString('latin1');
  const all = [...tail.matchAll(/startxref\s+(\d+)/g)];
  if (!all.length) throw new Error('no startxref in the file');
  return Number(all[all.length - 1][1]);
}

/** /Size of the newest cross-reference section: object numbers below it are taken. */
function trailerSize(bytes: Uint8Array): number {
  const at = lastStartxref(bytes);
  const text = Buffer.from(bytes.subarray(at, Math.min(bytes.length, at + 1_000_000))).toString('latin1');
  const dictStart = usesXrefStream(bytes, at) ? 0 : text.indexOf('trailer');
  const m = /\/Size\s+(\d+)/.exec(text.slice(Math.max(0, dictStart)));
  if (!m) throw new Error('no /Size in the last trailer');
  return Number(m[1]);
}

/**
 * Loads a PDF for editing in memory. pdf-lib forgets object streams and cross-reference
 * streams when it parses, so their numbers must be reserved or new objects would reuse them.
 */
export async function loadForIncrementalEdit(base: Uint8Array): Promise<PDFDocument> {
  const doc = await PDFDocument.load(base, { updateMetadata: false });
  doc.context.largestObjectNumber = Math.max(doc.context.largestObjectNumber, trailerSize(base) - 1);
  return doc;
}

function usesXrefStream(bytes: Uint8Array, offset: number): boolean {
  return Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1') !== 'xref';
}

/** Runs of consecutive object numbers: [[first, count], ...]. */
function subsections(nums: number[]): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const n of [...nums].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[0] + last[1] === n) last[1]++;
    else out.push([n, 1]);
  }
  return out;
}

export interface UpdateResult {
  bytes: Uint8Array;
  /** Object numbers written in the update. */
  written: number[];
}

export async function appendIncrementalUpdate(base: Uint8Array, edited: PDFDocument): Promise<UpdateResult> {
  // Fonts and images are only written out on flush; save() would do it, we do not save.
  await edited.flush();
  const original = await PDFDocument.load(base, { updateMetadata: false });
  const changes: Array<[PDFRef, Uint8Array]> = [];
  for (const [ref, obj] of edited.context.enumerateIndirectObjects()) {
    const now = serialize(obj);
    const before = original.context.lookup(ref);
    if (!before || !sameBytes(serialize(before), now)) changes.push([ref, now]);
  }
  if (!changes.length) throw new Error('the edit changed nothing');

  const prev = lastStartxref(base);
  const parts: Buffer[] = [Buffer.from(base)];
  let offset = base.length;
  const push = (b: Buffer | Uint8Array) => {
    const buf = Buffer.from(b);
    parts.push(buf);
    offset += buf.length;
  };
  if (base[base.length - 1] !== 0x0a) push(Buffer.from('\n'));
  const offsets = new Map<number, number>();
  for (const [ref, body] of changes) {
    offsets.set(ref.objectNumber, offset);
    push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    push(body);
    push(Buffer.from('\nendobj\n', 'latin1'));
  }

  const trailerInfo = edited.context.trailerInfo;
  const maxObj = Math.max(edited.context.largestObjectNumber, ...changes.map(([r]) => r.objectNumber));
  const trailer = edited.context.obj({}) as PDFDict;
  trailer.set(PDFName.of('Root'), trailerInfo.Root!);
  if (trailerInfo.Info) trailer.set(PDFName.of('Info'), trailerInfo.Info);
  trailer.set(PDFName.of('Prev'), PDFNumber.of(prev));
  const oldId = original.context.trailerInfo.ID;
  if (oldId instanceof PDFArray && oldId.size() === 2) {
    // Editors keep the first (permanent) id and replace the second (changing) one.
    const changing = PDFHexString.of(Buffer.from(`${prev}:${changes.length}:${base.length}`).toString('hex').padEnd(32, '0').slice(0, 32));
    trailer.set(PDFName.of('ID'), edited.context.obj([oldId.get(0), changing]));
  }

  const xrefOffset = offset;
  if (usesXrefStream(base, prev)) {
    const selfNum = maxObj + 1;
    offsets.set(selfNum, xrefOffset);
    const nums = [...offsets.keys()];
    const rows = subsections(nums);
    const data = Buffer.alloc(nums.length * 7);
    let i = 0;
    for (const [first, count] of rows) {
      for (let n = first; n < first + count; n++) {
        data.writeUInt8(1, i);
        data.writeUInt32BE(offsets.get(n)!, i + 1);
        data.writeUInt16BE(0, i + 5);
        i += 7;
      }
    }
    trailer.set(PDFName.of('Type'), PDFName.of('XRef'));
    trailer.set(PDFName.of('Size'), PDFNumber.of(selfNum + 1));
    trailer.set(PDFName.of('W'), edited.context.obj([1, 4, 2]));
    trailer.set(PDFName.of('Index'), edited.context.obj(rows.flat()));
    trailer.set(PDFName.of('Length'), PDFNumber.of(data.length));
    push(Buffer.from(`${selfNum} 0 obj\n`, 'latin1'));
    push(serialize(trailer));
    push(Buffer.from('\nstream\n', 'latin1'));
    push(data);
    push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  } else {
    let table = 'xref\n';
    for (const [first, count] of subsections([...offsets.keys()])) {
      table += `${first} ${count}\n`;
      for (let n = first; n < first + count; n++) table += `${String(offsets.get(n)).padStart(10, '0')} 00000 n \n`;
    }
    trailer.set(PDFName.of('Size'), PDFNumber.of(maxObj + 1));
    push(Buffer.from(table + 'trailer\n', 'latin1'));
    push(serialize(trailer));
    push(Buffer.from('\n', 'latin1'));
  }
  push(Buffer.from(`startxref\n${xrefOffset}\n%%EOF\n`, 'latin1'));
  return { bytes: new Uint8Array(Buffer.concat(parts)), written: changes.map(([r]) => r.objectNumber) };
}
