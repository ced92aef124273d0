/**
 * parsePdfStructure: what our own parser recovers from the raw bytes. pdf.js hides revisions and
 * repairs silently; forensics needs both, so the cross-reference chain is walked here.
 */
import { EngineError } from '../../../types.js';
import { openPdf, type PdfFile, type Section } from './document.js';
import { decodeStream } from './filters.js';
import { PdfDict, PdfRef, PdfStream, PdfString, toPlain, type PdfValue } from './objects.js';
import { walkPages } from './pages.js';
import { decodePdfText } from './text-strings.js';
import { encryptionScheme } from './crypto.js';
import type { PdfEncryption, PdfRevision, PdfStructure } from './types.js';

export { openPdf } from './document.js';

/** Our parser's view of the file, with parse failures named as the engine names them. */
export function openPdfFile(bytes: Uint8Array, password?: string): PdfFile {
  try {
    return openPdf(bytes, password);
  } catch (err) {
    throw new EngineError('corrupt_document', `The PDF structure cannot be read: ${(err as Error).message}`);
  }
}

export function parsePdfStructure(bytes: Uint8Array, opened?: PdfFile): PdfStructure {
  let file: PdfFile;
  try {
    file = opened ?? openPdf(bytes);
  } catch (err) {
    throw new EngineError('corrupt_document', `The PDF structure cannot be read: ${(err as Error).message}`);
  }
  if (file.chain.length === 0 && file.scan.objects.length === 0) {
    throw new EngineError('corrupt_document', 'The file has no readable PDF objects.');
  }
  const revisions = buildRevisions(file);
  const encrypted = file.encrypted;
  const root = file.trailerValue('Root');
  const pages = walkPages(file, root);
  const lin = linearizationDict(file);
  const updates = revisions.filter((r) => !r.isLinearizationSection).length - 1;
  return {
    version: headerVersion(file),
    revisions,
    updateCount: Math.max(0, updates),
    linearized: lin !== null,
    encrypted,
    encryption: encrypted ? describeEncryption(file, revisions) : null,
    pageCount: pages.length,
    info: readInfo(file),
    xmp: readXmp(file, root),
    trailerId: readId(file),
    repairs: [...new Set(file.repairs)],
  };
}

/**
 * The encryption as evidence: its scheme, whether opening needs a user password, and the first
 * revision whose trailer names /Encrypt (a file encrypted only by a later update was edited first).
 */
function describeEncryption(file: PdfFile, revisions: PdfRevision[]): PdfEncryption | null {
  const scheme = encryptionScheme(file);
  if (!scheme) return null;
  const auth = file.authentication();
  const first = revisions.find((r) => r.trailer.Encrypt !== undefined && r.trailer.Encrypt !== null);
  return {
    ...scheme,
    userPassword: !auth?.ok || auth.openedWith !== 'no_password',
    openedWith: auth?.ok ? auth.openedWith : null,
    firstRevision: first?.number ?? null,
  };
}

function headerVersion(file: PdfFile): string {
  const m = /%PDF-(\d\.\d)/.exec(file.scan.text.slice(file.headerOffset, file.headerOffset + 16));
  const root = file.dict(file.trailerValue('Root'));
  const catVersion = root?.name('Version');
  // The catalog /Version overrides the header when it is later (ISO 32000 7.2.2).
  if (catVersion && m && catVersion > m[1]) return catVersion;
  return m ? m[1] : (catVersion ?? '');
}

/** The linearisation dictionary, when the first object of the file is one. */
export function linearizationDict(file: PdfFile): PdfDict | null {
  const first = file.scan.objects[0];
  if (!first || first.offset > file.headerOffset + 1024) return null;
  const d = first.value instanceof PdfDict ? first.value : null;
  return d && d.has('Linearized') ? d : null;
}

/** One revision per cross-reference section, in file order. */
function buildRevisions(file: PdfFile): PdfRevision[] {
  const sections = [...file.chain, ...file.unlinked].sort((a, b) => a.offset - b.offset);
  const lin = linearizationDict(file);
  const firstPageEnd = lin?.num('E');
  return sections.map((s, i) => ({
    number: i + 1,
    xrefOffset: s.offset,
    xrefKind: s.kind,
    endOffset: endOf(file, s, sections[i + 1]),
    entries: s.entries,
    trailer: toPlain(s.trailer) as Record<string, unknown>,
    isLinearizationSection:
      lin !== null && i === 0 && sections.length >= 2 && (firstPageEnd === undefined || s.offset < firstPageEnd) && isPrevLinked(s, sections),
  }));
}

/** The first-page section of a linearised file points to the main section with /Prev. */
function isPrevLinked(s: Section, sections: Section[]): boolean {
  const prev = s.trailer.get('Prev');
  return typeof prev === 'number' && sections.some((o) => o !== s && Math.abs(o.offset - prev) <= 1024);
}

/** Where a revision ends: just after the first %%EOF after its section (never past the next section). */
function endOf(file: PdfFile, s: Section, next: Section | undefined): number {
  const limit = next ? next.offset : file.bytes.length;
  const eof = file.scan.eofEnds.find((e) => e > s.offset);
  if (eof !== undefined && (eof <= limit || !next)) return eof;
  if (!next) return file.bytes.length;
  // Some writers append an update after a save that never wrote %%EOF: the save still ends
  // with its `startxref` line, and the update's objects (before its own xref) are not part of it.
  const sx = file.scan.startxrefs.find((x) => x.offset > s.offset && x.end <= limit);
  if (sx) return sx.end;
  // An unchained xref stream with neither after it (an index a writer left, an update whose
  // author dropped /Prev) is an object: its revision ends with it, and what follows belongs to the
  // next one. Chained sections keep their reach (linearised first-page sections among them).
  const stm = s.kind === 'stream' && file.unlinked.includes(s) ? file.scan.objects.find((o) => o.offset === s.offset) : undefined;
  return stm && stm.end <= limit ? stm.end : next.offset;
}

function readInfo(file: PdfFile): Record<string, string> | null {
  const ref = file.trailerValue('Info');
  const info = file.dict(ref);
  if (!info) return null;
  const num = ref instanceof PdfRef ? ref.num : 0;
  const gen = ref instanceof PdfRef ? ref.gen : 0;
  const out: Record<string, string> = {};
  for (const key of info.keys()) {
    const raw = info.get(key);
    // An indirect string is encrypted with its own object's key.
    const [n, g] = raw instanceof PdfRef ? [raw.num, raw.gen] : [num, gen];
    const s = plainString(file, file.resolve(raw), n, g);
    if (s !== null) out[key] = s;
  }
  // A file that needs a password: its strings cannot be read, so report no Info rather than noise.
  return file.encrypted && !file.decryptor() ? null : out;
}

function plainString(file: PdfFile, v: PdfValue | undefined, num: number, gen: number): string | null {
  if (v instanceof PdfString) {
    const bytes = file.stringBytes(v, num, gen);
    return bytes ? decodePdfText(bytes).replace(/\u0000+$/, '') : null;
  }
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const plain = toPlain(v);
  return typeof plain === 'string' ? plain : JSON.stringify(plain);
}

function readXmp(file: PdfFile, rootRef: PdfValue | undefined): string | null {
  const root = file.dict(rootRef);
  const ref = root?.get('Metadata');
  const stream = file.resolve(ref);
  if (!(stream instanceof PdfStream)) return null;
  const num = ref instanceof PdfRef ? ref.num : 0;
  const gen = ref instanceof PdfRef ? ref.gen : 0;
  // Metadata is often left in clear (/EncryptMetadata false, or an Identity crypt filter).
  const clear = decodeStream(stream, (v) => file.resolve(v));
  let text = clear ? xmpText(clear) : '';
  if (!looksLikeXmp(text) && file.encrypted) {
    const data = file.streamData(stream, num, gen);
    text = data ? xmpText(data) : '';
  }
  return looksLikeXmp(text) ? text : null;
}

function looksLikeXmp(text: string): boolean {
  return /<x:xmpmeta|<rdf:RDF|<\?xpacket/.test(text);
}

function xmpText(data: Uint8Array): string {
  const even = (from: number) => Buffer.from(data.subarray(from, from + ((data.length - from) & ~1)));
  if (data[0] === 0xfe && data[1] === 0xff) return even(2).swap16().toString('utf16le');
  if (data[0] === 0xff && data[1] === 0xfe) return even(2).toString('utf16le');
  return Buffer.from(data)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

function readId(file: PdfFile): [string, string] | null {
  const id = file.resolve(file.trailerValue('ID'));
  if (!Array.isArray(id) || id.length < 2) return null;
  const [a, b] = id.map((x) => file.resolve(x));
  if (!(a instanceof PdfString) || !(b instanceof PdfString)) return null;
  return [Buffer.from(a.bytes).toString('hex'), Buffer.from(b.bytes).toString('hex')];
}
