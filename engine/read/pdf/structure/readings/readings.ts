/**
 * The alternative readings a file's choices call for (choices.ts), each a way real viewers
 * resolve them: the strict cross-reference reader, the recovering byte-scan reader, the reader
 * that keeps the first of duplicate definitions, the one that takes the last of two /Length
 * keys, the one that trusts the page tree's /Count, the one that rebuilds the page list from
 * every page object, the one that stops at the last %%EOF, and one per embedded document
 * header. Each gives the page objects it would show.
 */
import { PdfFile } from '../document.js';
import { Lexer, Parser } from '../lexer.js';
import { PdfDict, PdfRef, PdfStream, dictOf, type PdfValue } from '../objects.js';
import { walkPages, type ObjectSource, type PageNode } from '../pages.js';
import type { Choice } from './choices.js';
import { documentHeaders } from './choices.js';
import { indexScan, ReadingSource, type ScanIndex } from './sources.js';

export interface Reading {
  /** Which reader this models, for the evidence ("cross-reference", "byte scan", ...). */
  name: string;
  source: ObjectSource & { picks?: ReadingSource['picks']; missing?: (num: number) => boolean };
  pages: PageNode[];
  /** Offset the reading's document starts at in the file (embedded documents), else 0. */
  base: number;
}

export function buildReadings(file: PdfFile, index: ScanIndex, choices: readonly Choice[]): Reading[] {
  const kinds = new Set(choices.map((c) => c.kind));
  const out: Reading[] = [];
  const add = (name: string, source: Reading['source'], root: PdfValue | undefined, base = 0) =>
    out.push({ name, source, pages: walkPages(source, root), base });

  const strict = new ReadingSource(file, 'xref', 'length-first', index);
  // A table found only by scanning (no usable startxref) is a repair's guess, not what a strict reader follows.
  const hasXref = file.chain.some((s) => s.linked && s.kind !== 'reconstructed');
  if (hasXref) add('cross-reference', strict, file.trailerValue('Root'));
  add('byte scan (last definition, data to endstream)', new ReadingSource(file, 'scan-last', 'endstream', index), recoveryRoot(file));
  if (kinds.has('duplicate_object')) add('byte scan (first definition)', new ReadingSource(file, 'scan-first', 'endstream', index), recoveryRoot(file));
  if (kinds.has('stream_length') && hasXref)
    add('cross-reference (last /Length key)', new ReadingSource(file, 'xref', 'length-last', index), file.trailerValue('Root'));
  const main = out[0];
  if (kinds.has('page_count') && main) {
    const count = main.source.dict(main.source.dict(hasXref ? file.trailerValue('Root') : recoveryRoot(file))?.get('Pages'))?.num('Count');
    if (count !== undefined && count >= 0 && count < main.pages.length)
      out.push({ name: 'page tree /Count', source: main.source, pages: main.pages.slice(0, count), base: 0 });
  }
  const orphans = choices.find((c) => c.kind === 'orphan_page');
  if (orphans && main) {
    const extra = orphans.objects
      .map((num) => ({ num, dict: main.source.dict(new PdfRef(num, 0)) }))
      .filter((p): p is { num: number; dict: PdfDict } => p.dict !== null)
      .map((p) => orphanPage(main.source, p.num, p.dict));
    out.push({ name: 'every page object (page list rebuilt)', source: main.source, pages: [...main.pages, ...extra], base: 0 });
  }
  if (kinds.has('after_last_eof')) {
    const end = file.scan.eofEnds[file.scan.eofEnds.length - 1];
    const prefix = new PdfFile(file.bytes.subarray(0, end));
    const prefixIndex = indexScan(prefix);
    add('up to the last %%EOF', new ReadingSource(prefix, 'xref', 'length-first', prefixIndex), prefix.trailerValue('Root'));
  }
  if (kinds.has('several_headers')) {
    // Only documents that stand on their own (their offsets counted from their own header) are
    // documents a reader can start at; a header repeated before an update is just part of the update.
    const headers = documentHeaders(file);
    const docs = headers.flatMap((h, i) => {
      const doc = new PdfFile(file.bytes.subarray(h, headers[i + 1] ?? file.bytes.length));
      if (!doc.chain.some((s) => s.linked && s.kind !== 'reconstructed')) return [];
      const source = new ReadingSource(doc, 'xref', 'length-first', indexScan(doc));
      const pages = walkPages(source, doc.trailerValue('Root'));
      return pages.length && !doc.repairs.length ? [{ name: `document from the %PDF header at ${h}`, source, pages, base: h }] : [];
    });
    if (docs.length > 1) out.push(...docs);
  }
  return out.filter((r) => r.pages.length > 0);
}

/** A page the tree does not list, with what it inherits from the node it names as parent. */
function orphanPage(source: ObjectSource, num: number, dict: PdfDict): PageNode {
  const parent = source.dict(dict.get('Parent'));
  const resources = source.dict(dict.get('Resources') ?? parent?.get('Resources'));
  const mb = source.resolve(dict.get('MediaBox') ?? parent?.get('MediaBox'));
  const box = Array.isArray(mb) ? mb.map((x) => source.resolve(x)).filter((x): x is number => typeof x === 'number') : null;
  return { num, dict, resources, mediaBox: box && box.length === 4 ? box : null, rotate: 0 };
}

/**
 * The catalog a recovering reader opens: the last trailer in the file that names one, else the
 * last xref stream's, else the last catalog object.
 */
export function recoveryRoot(file: PdfFile): PdfValue | undefined {
  const kws = file.scan.trailerKeywords;
  for (let i = kws.length - 1; i >= 0; i--) {
    try {
      const v = new Parser(new Lexer(file.bytes, kws[i] + 7)).parseValue();
      if (v instanceof PdfDict && v.get('Root') instanceof PdfRef) return v.get('Root');
    } catch {
      // A damaged trailer: try the one before.
    }
  }
  const objs = file.scan.objects;
  for (let i = objs.length - 1; i >= 0; i--) {
    const v = objs[i].value;
    if (v instanceof PdfStream && v.dict.name('Type') === 'XRef' && v.dict.get('Root') instanceof PdfRef) return v.dict.get('Root');
  }
  for (let i = objs.length - 1; i >= 0; i--) if (dictOf(objs[i].value)?.name('Type') === 'Catalog') return new PdfRef(objs[i].num, objs[i].gen);
  return file.trailerValue('Root');
}
