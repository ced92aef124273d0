/**
 * A PDF file opened by our own parser: the cross-reference chain walked from `startxref` through
 * /Prev (with hybrid /XRefStm), object lookup through the newest section that defines a number
 * (object streams included), and repairs by scanning when offsets or chains are broken.
 */
import { authenticate, decryptorFor, type Authentication, type StringDecryptor } from './crypto.js';
import { decodeStream } from './filters.js';
import { Lexer, Parser } from './lexer.js';
import { ObjectMemo } from './object-memo.js';
import { PdfDict, PdfRef, PdfStream, PdfString, dictOf, type PdfValue } from './objects.js';
import { isInterimSection } from './interim-sections.js';
export type { Section } from './types.js';
import { scanFile, type FileScan, type ScannedObject } from './scan.js';
import type { Section, XrefEntry } from './types.js';
import { readIndirectAt, readXrefSection, readXrefStream, type XrefSection } from './xref.js';

const MAX_SECTIONS = 10_000;

export class PdfFile {
  readonly repairs: string[] = [];
  /** Sections newest first (the order readers consult them). */
  readonly chain: Section[] = [];
  /** Sections present in the file but not reachable from startxref (earlier saves, broken chains). */
  unlinked: Section[] = [];
  /**
   * Unreachable sections that a writer wrote along the way and the live index restates in full
   * (interim-sections.ts): not an earlier version, so neither a revision nor an unlinked section.
   */
  interim: Section[] = [];
  readonly scan: FileScan;
  private readonly xref = new Map<number, XrefEntry>();
  private readonly objects = new ObjectMemo((num) => this.loadObject(num));
  private readonly objStmCache = new Map<number, Map<number, PdfValue>>();
  private scanIndex: Map<number, ScannedObject> | null = null;
  private scanByOffset: Map<number, ScannedObject> | null = null;
  readonly headerOffset: number;
  /** Set for encrypted files that open (with the empty or the caller's password); undefined until asked. */
  private crypt: StringDecryptor | null | undefined;
  private auth: Authentication | undefined;

  /** `password`: the caller's, for files that need one; kept on this object only, never copied out. */
  constructor(
    readonly bytes: Uint8Array,
    private readonly password?: string,
  ) {
    const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const head = buf.subarray(0, 1024).indexOf('%PDF-');
    this.headerOffset = head < 0 ? 0 : head;
    this.walkChain(buf);
    this.buildXref();
    this.scan = scanFile(bytes, (r) => this.lengthOf(r));
    if (this.chain.length === 0 || !this.trailerValue('Root')) this.reconstruct();
    else {
      const unreached = this.sectionsByScan().filter((u) => !this.chain.some((c) => c.offset === u.offset || c.xrefStreamOffset === u.offset));
      const defs = new Map<number, number[]>();
      for (const o of this.scan.objects) defs.set(o.num, [...(defs.get(o.num) ?? []), o.offset]);
      const live = {
        entry: (n: number) => this.xref.get(n),
        trailer: (k: string) => this.trailerValue(k),
        definitions: (n: number) => defs.get(n) ?? [],
        headerOffset: this.headerOffset,
      };
      this.interim = unreached.filter((u) => isInterimSection(u, this.chain, live));
      this.unlinked = unreached.filter((u) => !this.interim.includes(u));
    }
  }

  /** Every xref table and xref stream the scan can read, newest (highest offset) first. */
  private sectionsByScan(): Section[] {
    const found: Section[] = [];
    const hybridStreams = new Set<number>();
    for (const off of this.scan.xrefKeywords) {
      const s = readXrefSection(this.bytes, off, (r) => this.lengthOf(r));
      if (!s) continue;
      const sec = { ...this.withHybrid(s), linked: false };
      if (sec.xrefStreamOffset !== undefined) hybridStreams.add(sec.xrefStreamOffset);
      found.push(sec);
    }
    for (const o of this.scan.objects) {
      if (!(o.value instanceof PdfStream) || o.value.dict.name('Type') !== 'XRef' || hybridStreams.has(o.offset)) continue;
      const s = readXrefStream(this.bytes, o.offset, (r) => this.lengthOf(r));
      if (s) found.push({ offset: s.offset, kind: 'stream', entries: s.entries, trailer: s.trailer, xrefStreamNum: s.streamObjNum, linked: false });
    }
    return found.sort((a, b) => b.offset - a.offset);
  }

  // ---- cross-reference chain -------------------------------------------------------------

  private walkChain(buf: Buffer): void {
    const sx = buf.lastIndexOf('startxref');
    if (sx < 0) {
      this.repairs.push('no startxref: cross-reference rebuilt by scanning');
      return;
    }
    const tok = new Lexer(this.bytes, sx + 9).next();
    if (tok.t !== 'num') {
      this.repairs.push('startxref without an offset: cross-reference rebuilt by scanning');
      return;
    }
    const seen = new Set<number>();
    let offset: number | undefined = tok.v;
    while (offset !== undefined && this.chain.length < MAX_SECTIONS) {
      const located = this.locateSection(offset);
      if (!located) {
        this.repairs.push(`no cross-reference section at offset ${offset}`);
        break;
      }
      if (seen.has(located.offset)) {
        this.repairs.push(`cross-reference /Prev loop at offset ${located.offset}`);
        break;
      }
      seen.add(located.offset);
      this.chain.push(this.withHybrid(located));
      const prev: PdfValue | undefined = located.trailer.get('Prev');
      offset = typeof prev === 'number' ? prev : undefined;
    }
  }

  /** Finds the section an offset points at, tolerating offsets off by the header or a few bytes. */
  private locateSection(offset: number): XrefSection | null {
    const direct = readXrefSection(this.bytes, offset, (r) => this.lengthOf(r));
    if (direct) return direct;
    const shifted = this.headerOffset ? readXrefSection(this.bytes, offset + this.headerOffset, (r) => this.lengthOf(r)) : null;
    if (shifted) {
      this.repairs.push(`cross-reference offset ${offset} is relative to the %PDF header`);
      return shifted;
    }
    // Off by a few bytes (CRLF conversion, hand edits): look nearby for either form.
    const lo = Math.min(this.bytes.length, Math.max(0, offset - 256));
    const window = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + lo, Math.min(512, this.bytes.length - lo)).toString('latin1');
    const candidates: number[] = [];
    for (const m of window.matchAll(/(?<![A-Za-z])xref[\s\0]|(?<![0-9])\d+[\s\0]+\d+[\s\0]+obj/g)) candidates.push(lo + m.index!);
    candidates.sort((a, b) => Math.abs(a - offset) - Math.abs(b - offset));
    for (const c of candidates) {
      const s = readXrefSection(this.bytes, c, (r) => this.lengthOf(r));
      if (s) {
        this.repairs.push(`cross-reference offset ${offset} was wrong; section found at ${c}`);
        return s;
      }
    }
    return null;
  }

  private withHybrid(s: XrefSection): Section {
    if (s.kind === 'stream') return { offset: s.offset, kind: 'stream', entries: s.entries, trailer: s.trailer, xrefStreamNum: s.streamObjNum, linked: true };
    const stm = s.trailer.get('XRefStm');
    if (typeof stm === 'number') {
      const hs = readXrefStream(this.bytes, stm, (r) => this.lengthOf(r)) ?? readXrefStream(this.bytes, stm + this.headerOffset, (r) => this.lengthOf(r));
      if (hs)
        return {
          offset: s.offset,
          kind: 'hybrid',
          entries: [...s.entries, ...hs.entries],
          trailer: s.trailer,
          xrefStreamNum: hs.streamObjNum,
          xrefStreamOffset: hs.offset,
          linked: true,
        };
      this.repairs.push(`hybrid /XRefStm ${stm} is unreadable`);
    }
    return { offset: s.offset, kind: 'table', entries: s.entries, trailer: s.trailer, linked: true };
  }

  /** Merges sections: the newest definition of a number wins; in a hybrid, an in-use table entry wins over its stream. */
  private buildXref(): void {
    this.xref.clear();
    for (const s of this.chain) {
      const local = new Map<number, XrefEntry>();
      for (const e of s.entries) {
        const had = local.get(e.num);
        if (!had || (had.type === 'f' && e.type !== 'f')) local.set(e.num, e);
      }
      for (const [num, e] of local) if (!this.xref.has(num)) this.xref.set(num, e);
    }
  }

  /**
   * When the chain is missing or useless, sections are taken from the scan: every table and xref
   * stream in file order; failing that, one reconstructed section per %%EOF-delimited segment.
   */
  private reconstruct(): void {
    const found = this.sectionsByScan();
    const usable = found.filter((s) => s.trailer.has('Root'));
    if (usable.length) {
      this.repairs.push(`cross-reference chain rebuilt from ${found.length} section(s) found by scanning`);
      this.chain.splice(0, this.chain.length, ...found);
      this.buildXref();
      if (this.trailerValue('Root') && this.getObject((this.trailerValue('Root') as PdfRef).num)) return;
    }
    this.repairs.push('cross-reference rebuilt from object definitions');
    this.chain.splice(0, this.chain.length, ...this.segmentsFromScan());
    this.buildXref();
  }

  private segmentsFromScan(): Section[] {
    const bounds = [...this.scan.eofEnds];
    if (!bounds.length || bounds[bounds.length - 1] < this.bytes.length) bounds.push(this.bytes.length);
    const sections: Section[] = [];
    let start = 0;
    for (const end of bounds) {
      const objs = this.scan.objects.filter((o) => o.offset >= start && o.offset < end);
      if (objs.length) {
        const trailer = this.trailerIn(start, end) ?? new PdfDict();
        if (!trailer.has('Root')) {
          const cat = [...objs].reverse().find((o) => dictOf(o.value)?.name('Type') === 'Catalog');
          if (cat) trailer.set('Root', new PdfRef(cat.num, cat.gen));
        }
        const entries: XrefEntry[] = objs.map((o) => ({ num: o.num, gen: o.gen, type: 'n' as const, offset: o.offset }));
        sections.push({ offset: objs[0].offset, kind: 'reconstructed', entries: dedupeLast(entries), trailer, linked: false });
      }
      start = end;
    }
    // Without any catalog in a segment, carry the previous Root forward like readers do.
    for (let i = 1; i < sections.length; i++)
      if (!sections[i].trailer.has('Root') && sections[i - 1].trailer.has('Root')) sections[i].trailer.set('Root', sections[i - 1].trailer.get('Root')!);
    return sections.reverse();
  }

  private trailerIn(start: number, end: number): PdfDict | null {
    const kws = this.scan.trailerKeywords.filter((k) => k >= start && k < end);
    for (let i = kws.length - 1; i >= 0; i--) {
      const lexer = new Lexer(this.bytes, kws[i] + 7);
      const v = new Parser(lexer).parseValue();
      if (v instanceof PdfDict) return v;
    }
    return null;
  }

  get encrypted(): boolean {
    const e = this.trailerValue('Encrypt');
    return e !== undefined && e !== null;
  }

  /** How the file authenticates (encrypted files only): with no password, the caller's, or not at all. */
  authentication(): Authentication | null {
    if (!this.encrypted) return null;
    this.auth ??= authenticate(this, this.password);
    return this.auth;
  }

  /** The decryptor for this file, or null when it is not encrypted or needs a password we do not have. */
  decryptor(): StringDecryptor | null {
    if (this.crypt === undefined) {
      const auth = this.authentication();
      this.crypt = auth?.ok ? decryptorFor(this, auth.key) : null;
    }
    return this.crypt;
  }

  /**
   * Decoded data of a stream. `num`/`gen` identify the object for decryption; streams inside
   * encrypted files are decrypted first, except xref streams, which are never encrypted.
   */
  streamData(stream: PdfStream, num: number, gen: number): Uint8Array | null {
    const resolve = (v: PdfValue | undefined) => this.resolve(v);
    if (!this.encrypted || stream.dict.name('Type') === 'XRef') return decodeStream(stream, resolve);
    const crypt = this.decryptor();
    if (!crypt?.stream) return null;
    const clear = crypt.stream(stream.raw(), num, gen);
    return decodeStream(new PdfStream(stream.dict, 0, clear.length, clear), resolve);
  }

  /** Bytes of a string found in object `num` (strings inside object streams are not encrypted separately). */
  stringBytes(str: PdfString, num: number, gen: number): Uint8Array | null {
    if (!this.encrypted) return str.bytes;
    const crypt = this.decryptor();
    if (!crypt) return null;
    return this.entry(num)?.type === 'c' ? str.bytes : crypt(str, num, gen);
  }

  // ---- objects ---------------------------------------------------------------------------

  /** The merged trailer: for each key, the newest section that has it. */
  trailerValue(key: string): PdfValue | undefined {
    for (const s of this.chain) {
      const v = s.trailer.get(key);
      if (v !== undefined) return v;
    }
    return undefined;
  }

  entry(num: number): XrefEntry | undefined {
    return this.xref.get(num);
  }

  /** Every object number the merged xref says is in use. */
  liveNumbers(): number[] {
    return [...this.xref.values()].filter((e) => e.type !== 'f').map((e) => e.num);
  }

  resolve(v: PdfValue | undefined): PdfValue | undefined {
    let cur = v;
    for (let i = 0; i < 32 && cur instanceof PdfRef; i++) cur = this.getObject(cur.num);
    return cur instanceof PdfRef ? null : cur;
  }

  dict(v: PdfValue | undefined): PdfDict | null {
    return dictOf(this.resolve(v));
  }

  getObject(num: number): PdfValue {
    return this.objects.get(num);
  }

  /** Loads an object as a given entry describes it (used for older revisions too). */
  loadEntry(e: XrefEntry): PdfValue {
    if (e.type === 'n') {
      // The scan already parsed every body object; reuse it rather than parse again.
      if (this.scan) {
        if (!this.scanByOffset) this.scanByOffset = new Map(this.scan.objects.map((o) => [o.offset, o]));
        const hit = this.scanByOffset.get(e.offset) ?? this.scanByOffset.get(e.offset + this.headerOffset);
        if (hit && hit.num === e.num) return hit.value;
      }
      const obj =
        readIndirectAt(this.bytes, e.offset, (r) => this.lengthOf(r)) ??
        (this.headerOffset ? readIndirectAt(this.bytes, e.offset + this.headerOffset, (r) => this.lengthOf(r)) : null);
      if (obj && obj.num === e.num) return obj.value;
      return undefined as unknown as PdfValue;
    }
    if (e.type === 'c' && e.streamNum !== undefined) return this.fromObjectStream(e.streamNum, e.num, e.streamIndex ?? 0);
    return null;
  }

  private loadObject(num: number): PdfValue {
    const e = this.xref.get(num);
    if (e && e.type !== 'f') {
      const v = this.loadEntry(e);
      if (v !== undefined) return v;
      if (e.type === 'n') {
        const s = this.scannedDefinition(num);
        this.repairs.push(`object ${num}: xref offset ${e.offset} is wrong${s ? '; found by scanning' : ''}`);
        return s ? s.value : null;
      }
      return null;
    }
    if (!e) {
      // Absent from every xref: readers that rebuild would still find a body definition.
      const s = this.scannedDefinition(num);
      if (s && this.scan) {
        this.repairs.push(`object ${num}: missing from the cross-reference; found by scanning`);
        return s.value;
      }
    }
    return null;
  }

  /** The last definition of an object number in the file body. */
  scannedDefinition(num: number): ScannedObject | undefined {
    if (!this.scan) return undefined;
    if (!this.scanIndex) {
      this.scanIndex = new Map();
      for (const o of this.scan.objects) this.scanIndex.set(o.num, o);
    }
    return this.scanIndex.get(num);
  }

  private fromObjectStream(streamNum: number, num: number, _index: number): PdfValue {
    let objs = this.objStmCache.get(streamNum);
    if (!objs) {
      objs = this.parseObjectStream(streamNum);
      this.objStmCache.set(streamNum, objs);
    }
    return objs.get(num) ?? null;
  }

  /** Parses every object of an object stream (ISO 32000 7.5.7) into number -> value. */
  parseObjectStream(streamNum: number, stream?: PdfValue): Map<number, PdfValue> {
    const out = new Map<number, PdfValue>();
    const s = stream ?? this.getObject(streamNum);
    if (!(s instanceof PdfStream) || s.dict.name('Type') !== 'ObjStm') return out;
    const data = this.streamData(s, streamNum, 0);
    if (!data) return out;
    const n = Math.min(this.resolve(s.dict.get('N')) as number, 1_000_000) || 0;
    const first = (this.resolve(s.dict.get('First')) as number) || 0;
    const lexer = new Lexer(data, 0, Math.min(first, data.length));
    const pairs: Array<[number, number]> = [];
    for (let i = 0; i < n; i++) {
      const a = lexer.next();
      const b = lexer.next();
      if (a.t !== 'num' || b.t !== 'num') break;
      pairs.push([a.v, b.v]);
    }
    for (const [num, off] of pairs) {
      try {
        const p = new Parser(new Lexer(data, first + off));
        if (!out.has(num)) out.set(num, p.parseValue());
      } catch {
        out.set(num, null);
      }
    }
    return out;
  }

  private lengthOf(ref: PdfRef): number | undefined {
    if (this.objects.isLoading(ref.num)) return undefined;
    const e = this.xref.get(ref.num);
    if (!e || e.type === 'f') return undefined;
    if (e.type === 'n') {
      // A /Length object is a plain number: parse it without recursion into streams.
      const obj = readIndirectAt(this.bytes, e.offset);
      return obj && typeof obj.value === 'number' ? obj.value : undefined;
    }
    const v = this.getObject(ref.num);
    return typeof v === 'number' ? v : undefined;
  }
}

function dedupeLast(entries: XrefEntry[]): XrefEntry[] {
  const m = new Map<number, XrefEntry>();
  for (const e of entries) m.set(e.num, e);
  return [...m.values()];
}

/**
 * Parses the file. Not memoised here: within an analysis the fact store (engine/facts) holds the
 * one parsed file every reader shares.
 */
export function openPdf(bytes: Uint8Array, password?: string): PdfFile {
  return new PdfFile(bytes, password);
}
