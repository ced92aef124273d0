/** What the low-level PDF parser recovers from the raw bytes (owned by engine/pdf/structure). */
import type { PdfDict } from './objects.js';

export interface PdfObjectRef {
  num: number;
  gen: number;
}

export interface XrefEntry {
  num: number;
  gen: number;
  /** 'n' in use at offset, 'f' free, 'c' compressed in an object stream. */
  type: 'n' | 'f' | 'c';
  offset: number;
  /** For 'c' entries: the object stream number and index. */
  streamNum?: number;
  streamIndex?: number;
}

export interface PdfRevision {
  /** 1-based; revision 1 is the original file. */
  number: number;
  /** Offset of this section's xref table or stream. */
  xrefOffset: number;
  xrefKind: 'table' | 'stream' | 'hybrid' | 'reconstructed';
  /** Byte offset just after this revision's %%EOF (its extent in the file). */
  endOffset: number;
  entries: XrefEntry[];
  trailer: Record<string, unknown>;
  /** True when this section is the first-page section of a linearised file, not an update. */
  isLinearizationSection: boolean;
}

export interface PdfStructure {
  version: string;
  revisions: PdfRevision[];
  /** Number of effective updates (revisions minus the original and linearisation sections). */
  updateCount: number;
  linearized: boolean;
  encrypted: boolean;
  /** Set when `encrypted`: the scheme and how the file opened (engine/read/pdf/structure/crypto.ts). */
  encryption?: PdfEncryption | null;
  pageCount: number;
  info: Record<string, string> | null;
  xmp: string | null;
  trailerId: [string, string] | null;
  /** Problems met while parsing that were repaired (broken xref offsets, etc.). */
  repairs: string[];
}

export interface PdfEncryption {
  /** The security handler (/Filter): `Standard` is the password handler. */
  filter: string;
  v: number;
  r: number;
  algorithm: 'RC4' | 'AES' | 'none' | 'unknown';
  keyBits: number | null;
  /** True when opening needs a user password; false for files restricted by an owner password only. */
  userPassword: boolean;
  /** How it was opened here; null when it could not be (no or a wrong password, another handler). */
  openedWith: 'no_password' | 'user_password' | 'owner_password' | null;
  /** The first revision (1-based) whose trailer names /Encrypt; null when none does (a repaired file). */
  firstRevision: number | null;
}

/** One revision's cross-reference data: a table, a stream, or a table plus its /XRefStm. */
export interface Section {
  offset: number;
  kind: 'table' | 'stream' | 'hybrid' | 'reconstructed';
  /** Entries of this section; for hybrids, table entries first, then the stream's. */
  entries: XrefEntry[];
  trailer: PdfDict;
  /** Object number of the xref stream (streams, hybrids), which is part of the syntax, not content. */
  xrefStreamNum?: number;
  /** Offset of the hybrid's /XRefStm stream object. */
  xrefStreamOffset?: number;
  /** True when reached through startxref and /Prev (false: found by scanning). */
  linked: boolean;
}
