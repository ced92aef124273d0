/**
 * The objects as each kind of reader resolves them. The strict reader follows the
 * cross-reference: an offset that does not land on the object it names, or a free entry, gives
 * nothing. A recovering reader scans the body and takes the last definition of each number
 * (a definition later in the file than the object stream holding the number wins over it). A
 * first-wins reader keeps the first of several definitions made within one save. Each reads
 * stream data with its own idea of where the data ends (spans.ts).
 */
import type { PdfFile } from '../document.js';
import { ObjectMemo } from '../object-memo.js';
import { matchAt } from '../lexer.js';
import { PdfDict, PdfRef, PdfStream, dictOf, type PdfValue } from '../objects.js';
import type { ObjectSource } from '../pages.js';
import type { ScannedObject } from '../scan.js';
import { readIndirectAt } from '../xref.js';
import { streamSpans, withEnd, type StreamEnd } from './spans.js';

export type ObjectPolicy = 'xref' | 'scan-last' | 'scan-first';

/** Where a reading took an object from: its offset in the file (-1 inside an object stream) and its stream length. */
export interface Pick {
  offset: number;
  length?: number;
}

export class ReadingSource implements ObjectSource {
  private readonly memo = new ObjectMemo((num) => this.load(num));
  /** Every object this reading loaded and where from, for the evidence of a disagreement. */
  readonly picks = new Map<number, Pick>();

  constructor(
    readonly file: PdfFile,
    private readonly policy: ObjectPolicy,
    private readonly streamEnd: StreamEnd,
    private readonly index: ScanIndex,
  ) {}

  getObject(num: number): PdfValue {
    return this.memo.get(num);
  }

  resolve(v: PdfValue | undefined): PdfValue | undefined {
    let cur = v;
    for (let i = 0; i < 32 && cur instanceof PdfRef; i++) cur = this.getObject(cur.num);
    return cur instanceof PdfRef ? null : cur;
  }

  dict(v: PdfValue | undefined): PdfDict | null {
    return dictOf(this.resolve(v));
  }

  /** True when this reading found no definition at all for the number (not even a free entry): the file is broken there. */
  missing(num: number): boolean {
    this.getObject(num);
    return this.absent.has(num);
  }

  private readonly absent = new Set<number>();

  private load(num: number): PdfValue {
    const scanned = this.policy === 'xref' ? this.viaXref(num) : this.viaScan(num);
    if (!scanned) {
      if (this.file.entry(num)?.type !== 'f') this.absent.add(num);
      return null;
    }
    const found = this.policy === 'xref' ? scanned : { ...scanned, value: glued(this.file.bytes, scanned) };
    if (found.offset < 0 || !(found.value instanceof PdfStream)) {
      this.picks.set(num, { offset: found.offset });
      return found.value;
    }
    const bytes = this.file.bytes;
    const spans = streamSpans(bytes, found.offset, found.value, (n) => {
      if (this.memo.isLoading(n)) return undefined;
      const v = this.getObject(n);
      return typeof v === 'number' ? v : undefined;
    });
    const stream = withEnd(bytes, found.value, spans, this.streamEnd);
    this.picks.set(num, { offset: found.offset, length: stream.dataLength });
    return stream;
  }

  private viaXref(num: number): { offset: number; value: PdfValue; end?: number } | null {
    const e = this.file.entry(num);
    if (!e || e.type === 'f') return null;
    if (e.type === 'c') return { offset: -1, value: this.file.getObject(num) };
    // A reader that trusts the table takes the object whose header is at the offset, whatever its
    // number; when many entries miss (a shifted or broken table, not two swapped entries) every
    // reader rebuilds, and so does this one.
    for (const at of [e.offset, e.offset + this.file.headerOffset]) {
      const hit = this.index.byOffset.get(at);
      if (hit && (hit.num === num || this.index.misplaced <= MAX_DELIBERATE_MISSES)) return hit;
      if (hit) return this.viaScan(num);
    }
    const obj = readIndirectAt(this.file.bytes, e.offset);
    if (obj) return { offset: e.offset, value: obj.value };
    // An offset that lands on no object at all sends every real reader to its repair scan.
    return this.viaScan(num);
  }

  private viaScan(num: number): { offset: number; value: PdfValue; end?: number } | null {
    const defs = this.index.byNumber.get(num);
    const e = this.file.entry(num);
    if (!defs?.length) return e?.type === 'c' ? { offset: -1, value: this.file.getObject(num) } : null;
    const chosen = this.policy === 'scan-first' ? firstOfLastSave(defs, this.index.saveEnds) : defs[defs.length - 1];
    // A number held in an object stream written after the plain definition is the newer one.
    if (e?.type === 'c' && e.streamNum !== undefined) {
      const holder = this.index.byNumber.get(e.streamNum);
      if (holder?.length && holder[holder.length - 1].offset > chosen.offset) return { offset: -1, value: this.file.getObject(num) };
    }
    return chosen;
  }
}

const STREAM_KW = Buffer.from('stream', 'latin1');
/** Entries a deliberate swap or redirection touches; beyond this the table is broken, not aimed. */
const MAX_DELIBERATE_MISSES = 2;

/**
 * A dictionary whose `stream` keyword runs straight into the data (`stream0.07 g`, no end of line):
 * a tokenising reader sees one unknown word and no stream; a reader that searches the bytes for
 * `stream` reads the data. The recovering readings are the latter.
 */
function glued(bytes: Uint8Array, o: { value: PdfValue; end?: number }): PdfValue {
  if (!(o.value instanceof PdfDict) || o.end === undefined || !matchAt(bytes, o.end, STREAM_KW)) return o.value;
  let p = o.end + 6;
  if (bytes[p] === 0x0d) p++;
  if (bytes[p] === 0x0a) p++;
  return new PdfStream(o.value, p, 0, bytes);
}

/** The scan grouped for lookups, and where each save (revision) of the file ends. */
export interface ScanIndex {
  byOffset: Map<number, ScannedObject>;
  byNumber: Map<number, ScannedObject[]>;
  /** Offsets that end a save: each %%EOF and each cross-reference section, ascending. */
  saveEnds: number[];
  /** In-use xref entries whose offset lands on another object's header. */
  misplaced: number;
}

export function indexScan(file: PdfFile): ScanIndex {
  const byOffset = new Map<number, ScannedObject>();
  const byNumber = new Map<number, ScannedObject[]>();
  const xrefStreams: number[] = [];
  for (const o of file.scan.objects) {
    byOffset.set(o.offset, o);
    const list = byNumber.get(o.num) ?? [];
    list.push(o);
    byNumber.set(o.num, list);
    if (o.value instanceof PdfStream && o.value.dict.name('Type') === 'XRef') xrefStreams.push(o.offset);
  }
  const saveEnds = [...new Set([...file.scan.eofEnds, ...file.scan.xrefKeywords, ...xrefStreams])].sort((a, b) => a - b);
  let misplaced = 0;
  for (const sec of file.chain)
    for (const e of sec.entries) {
      if (e.type !== 'n') continue;
      const hit = byOffset.get(e.offset) ?? byOffset.get(e.offset + file.headerOffset);
      if (hit && hit.num !== e.num) misplaced++;
    }
  return { byOffset, byNumber, saveEnds, misplaced };
}

/** The save an offset belongs to (index into saveEnds; saveEnds.length for bytes after the last). */
export function saveOf(saveEnds: readonly number[], offset: number): number {
  let lo = 0;
  let hi = saveEnds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (saveEnds[mid] <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function firstOfLastSave(defs: ScannedObject[], saveEnds: readonly number[]): ScannedObject {
  const last = saveOf(saveEnds, defs[defs.length - 1].offset);
  return defs.find((d) => saveOf(saveEnds, d.offset) === last)!;
}
