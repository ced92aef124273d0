/**
 * The PDF object model as our own parser sees it. Values stay close to the bytes (strings keep
 * their raw bytes) because forensics compares what was written, not what a viewer shows.
 */

export class PdfName {
  constructor(public readonly name: string) {}
  toString(): string {
    return `/${this.name}`;
  }
}

export class PdfString {
  constructor(
    public readonly bytes: Uint8Array,
    public readonly hex: boolean,
  ) {}
}

export class PdfRef {
  constructor(
    public readonly num: number,
    public readonly gen: number,
  ) {}
  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

export class PdfDict {
  readonly map = new Map<string, PdfValue>();
  get(key: string): PdfValue | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  set(key: string, value: PdfValue): void {
    this.map.set(key, value);
  }
  keys(): string[] {
    return [...this.map.keys()];
  }
  /** The value of a name-valued key, without the slash. */
  name(key: string): string | undefined {
    const v = this.map.get(key);
    return v instanceof PdfName ? v.name : undefined;
  }
  num(key: string): number | undefined {
    const v = this.map.get(key);
    return typeof v === 'number' ? v : undefined;
  }
}

/** A stream: its dictionary and where its raw (still encoded) data lies in the file. */
export class PdfStream {
  constructor(
    public readonly dict: PdfDict,
    public readonly dataStart: number,
    public readonly dataLength: number,
    /** The bytes the data lives in (the file, or a decoded object stream for nested cases). */
    public readonly source: Uint8Array,
  ) {}
  raw(): Uint8Array {
    return this.source.subarray(this.dataStart, this.dataStart + this.dataLength);
  }
}

export type PdfValue = null | boolean | number | PdfName | PdfString | PdfRef | PdfDict | PdfStream | PdfValue[];

/** An indirect object as found in the file. */
export interface PdfIndirect {
  num: number;
  gen: number;
  value: PdfValue;
  /** Offset of `N G obj` in the file, or -1 for objects inside object streams. */
  offset: number;
  /** Offset just after `endobj` (or after the value when endobj is missing). */
  end: number;
}

export function isDict(v: PdfValue | undefined): v is PdfDict {
  return v instanceof PdfDict;
}

/** The dictionary of a dict or a stream. */
export function dictOf(v: PdfValue | undefined): PdfDict | null {
  if (v instanceof PdfDict) return v;
  if (v instanceof PdfStream) return v.dict;
  return null;
}

/** Converts a value into plain JSON-friendly data for display (trailers, evidence). */
export function toPlain(v: PdfValue | undefined, depth = 0): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof PdfName) return v.toString();
  if (v instanceof PdfRef) return v.toString();
  if (v instanceof PdfString) return Buffer.from(v.bytes).toString('hex');
  if (depth > 6) return '…';
  if (Array.isArray(v)) return v.slice(0, 64).map((x) => toPlain(x, depth + 1));
  const d = v instanceof PdfStream ? v.dict : v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of d.map) out[k] = toPlain(x, depth + 1);
  return out;
}
