/**
 * The file as it stood after a given revision: the xref entries of every section up to it
 * (later sections win), so that objects can be read as they were before an update.
 */
import type { PdfFile } from './document.js';
import { ObjectMemo } from './object-memo.js';
import { PdfRef, PdfStream, dictOf, type PdfDict, type PdfValue } from './objects.js';
import type { ObjectSource } from './pages.js';
import type { PdfRevision, XrefEntry } from './types.js';

export class RevisionState implements ObjectSource {
  private readonly objects = new ObjectMemo((num) => this.load(num));
  private readonly objStms = new Map<number, Map<number, PdfValue>>();

  constructor(
    readonly file: PdfFile,
    readonly entries: ReadonlyMap<number, XrefEntry>,
    readonly trailer: Record<string, unknown>,
  ) {}

  static upTo(file: PdfFile, revisions: PdfRevision[], index: number): RevisionState {
    const entries = new Map<number, XrefEntry>();
    let trailer: Record<string, unknown> = {};
    for (let i = 0; i <= index; i++) {
      const local = new Map<number, XrefEntry>();
      for (const e of revisions[i].entries) {
        const had = local.get(e.num);
        if (!had || (had.type === 'f' && e.type !== 'f')) local.set(e.num, e);
      }
      for (const [num, e] of local) entries.set(num, e);
      trailer = { ...trailer, ...revisions[i].trailer };
    }
    return new RevisionState(file, entries, trailer);
  }

  live(num: number): boolean {
    const e = this.entries.get(num);
    return e !== undefined && e.type !== 'f';
  }

  getObject(num: number): PdfValue {
    return this.objects.get(num);
  }

  private load(num: number): PdfValue {
    const e = this.entries.get(num);
    if (!e || e.type === 'f') return null;
    if (e.type === 'c') {
      const sn = e.streamNum!;
      let objs = this.objStms.get(sn);
      if (!objs) {
        const stream = this.getObject(sn);
        objs = stream instanceof PdfStream ? this.file.parseObjectStream(sn, stream) : new Map();
        this.objStms.set(sn, objs);
      }
      return objs.get(num) ?? null;
    }
    const v = this.file.loadEntry(e);
    return v === undefined ? (this.file.scannedDefinition(num)?.value ?? null) : v;
  }

  resolve(v: PdfValue | undefined): PdfValue | undefined {
    let cur = v;
    for (let i = 0; i < 32 && cur instanceof PdfRef; i++) cur = this.getObject(cur.num);
    return cur instanceof PdfRef ? null : cur;
  }

  dict(v: PdfValue | undefined): PdfDict | null {
    return dictOf(this.resolve(v));
  }

  /** The trailer's reference under `key` as an object number (trailers are stored as plain data). */
  trailerRef(key: string): number | null {
    const v = this.trailer[key];
    const m = typeof v === 'string' ? /^(\d+) (\d+) R$/.exec(v) : null;
    return m ? Number(m[1]) : null;
  }
}
