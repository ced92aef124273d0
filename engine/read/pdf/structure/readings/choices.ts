/**
 * The places where a file lets readers choose: the same number defined twice in one save, a
 * stream whose /Length and `endstream` disagree, a cross-reference offset that does not land on
 * its object, objects the cross-reference does not list as their last definition, repaired or
 * missing cross-reference data, bytes after the last %%EOF, more than one %PDF header, a page
 * tree whose /Count is not its pages, and page objects that claim a tree that does not list
 * them. Finding them is one pass over what the scan already holds; most files present none,
 * and then no alternative reading is built.
 */
import type { PdfFile } from '../document.js';
import { matchAt } from '../lexer.js';
import { PdfDict, PdfStream, dictOf } from '../objects.js';
import { walkPages } from '../pages.js';
import { saveOf, type ScanIndex } from './sources.js';
import { spansDisagree, streamSpans } from './spans.js';

export type ChoiceKind =
  | 'duplicate_object'
  | 'stream_length'
  | 'xref_offset'
  | 'unlisted_object'
  | 'repaired_xref'
  | 'after_last_eof'
  | 'several_headers'
  | 'page_count'
  | 'orphan_page';

export interface Choice {
  kind: ChoiceKind;
  /** The object numbers concerned. */
  objects: number[];
  /** The byte offsets concerned (definitions, xref offsets, headers). */
  offsets: number[];
  detail: string;
}

const MAX_LISTED = 20;
const STREAM_KW = Buffer.from('stream', 'latin1');

export function findChoices(file: PdfFile, index: ScanIndex): Choice[] {
  const out: Choice[] = [];
  const add = (kind: ChoiceKind, objects: number[], offsets: number[], detail: string) =>
    out.push({ kind, objects: objects.slice(0, MAX_LISTED), offsets: offsets.slice(0, MAX_LISTED), detail });
  const { bytes } = file;
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  const dupes: number[] = [];
  const dupeOffsets: number[] = [];
  for (const [num, defs] of index.byNumber) {
    if (defs.length < 2) continue;
    const last = defs[defs.length - 1];
    const sameSave = defs.filter((d) => saveOf(index.saveEnds, d.offset) === saveOf(index.saveEnds, last.offset));
    if (sameSave.length > 1 && sameSave.some((d) => !buf.subarray(d.offset, d.end).equals(buf.subarray(last.offset, last.end)))) {
      dupes.push(num);
      dupeOffsets.push(...sameSave.map((d) => d.offset));
    }
  }
  if (dupes.length) add('duplicate_object', dupes, dupeOffsets, `object(s) ${dupes.slice(0, 5).join(', ')} defined more than once within one save`);

  const lengths: number[] = [];
  const lengthOffsets: number[] = [];
  for (const o of file.scan.objects) {
    if (o.value instanceof PdfDict && matchAt(bytes, o.end, STREAM_KW)) {
      lengths.push(o.num);
      lengthOffsets.push(o.offset);
      continue;
    }
    if (!(o.value instanceof PdfStream) || o.value.dict.name('Type') === 'XRef') continue;
    const spans = streamSpans(bytes, o.offset, o.value, (n) => {
      const v = file.getObject(n);
      return typeof v === 'number' ? v : undefined;
    });
    if (spans.declared.length > 1 || spansDisagree(bytes, o.value.dataStart, spans)) {
      lengths.push(o.num);
      lengthOffsets.push(o.offset);
    }
  }
  if (lengths.length)
    add(
      'stream_length',
      lengths,
      lengthOffsets,
      `stream(s) ${lengths.slice(0, 5).join(', ')}: /Length and endstream disagree, /Length given twice, or data glued to the stream keyword`,
    );

  const linked = file.chain.filter((s) => s.kind !== 'reconstructed');
  const misplaced: number[] = [];
  const misplacedAt: number[] = [];
  for (const s of linked)
    for (const e of s.entries) {
      if (e.type !== 'n' || (s.xrefStreamNum === e.num && e.offset === s.offset)) continue;
      const hit = index.byOffset.get(e.offset) ?? index.byOffset.get(e.offset + file.headerOffset);
      if (hit?.num !== e.num) {
        misplaced.push(e.num);
        misplacedAt.push(e.offset);
      }
    }
  if (misplaced.length)
    add('xref_offset', misplaced, misplacedAt, `cross-reference offset(s) of object(s) ${misplaced.slice(0, 5).join(', ')} do not land on them`);

  const unlisted: number[] = [];
  const unlistedAt: number[] = [];
  for (const [num, defs] of index.byNumber) {
    const last = defs[defs.length - 1];
    if (last.value instanceof PdfStream && last.value.dict.name('Type') === 'XRef') continue;
    const e = file.entry(num);
    const listed = e?.type === 'n' && (e.offset === last.offset || e.offset + file.headerOffset === last.offset);
    if (!listed && e?.type !== 'c') {
      unlisted.push(num);
      unlistedAt.push(last.offset);
    }
  }
  if (unlisted.length && linked.length)
    add('unlisted_object', unlisted, unlistedAt, `last definition(s) of object(s) ${unlisted.slice(0, 5).join(', ')} not what the cross-reference lists`);

  if (file.repairs.length) add('repaired_xref', [], [], file.repairs.slice(0, 3).join('; '));

  const lastEof = file.scan.eofEnds[file.scan.eofEnds.length - 1] ?? 0;
  const after = file.scan.objects.filter((o) => o.offset >= lastEof);
  if (file.scan.eofEnds.length && after.length)
    add(
      'after_last_eof',
      after.map((o) => o.num),
      after.map((o) => o.offset),
      `${after.length} object(s) after the last %%EOF (offset ${lastEof})`,
    );

  const headers = documentHeaders(file);
  if (headers.length > 1) add('several_headers', [], headers, `${headers.length} %PDF headers outside streams`);

  const root = file.trailerValue('Root');
  const pages = walkPages(file, root);
  const count = file.dict(file.dict(root)?.get('Pages'))?.num('Count');
  if (count !== undefined && pages.length && count !== pages.length)
    add('page_count', [], [], `page tree /Count ${count}, ${pages.length} page(s) in its kids`);

  // Page objects outside the tree are common left-overs of page deletion; a reader rebuilds the
  // page list from them only when the tree itself does not add up.
  const inTree = new Set(count !== undefined && count !== pages.length ? pages.map((p) => p.num) : [...index.byNumber.keys()]);
  const orphans = [...index.byNumber.values()]
    .map((defs) => defs[defs.length - 1])
    .filter((o) => !inTree.has(o.num) && dictOf(o.value)?.name('Type') === 'Page' && file.dict(dictOf(o.value)?.get('Parent'))?.name('Type') === 'Pages');
  if (orphans.length)
    add(
      'orphan_page',
      orphans.map((o) => o.num),
      orphans.map((o) => o.offset),
      `page object(s) ${orphans
        .map((o) => o.num)
        .slice(0, 5)
        .join(', ')} name a page tree that does not list them`,
    );
  return out;
}

/** Offsets of `%PDF-` headers at the start of a line and outside any stream's data. */
export function documentHeaders(file: PdfFile): number[] {
  const text = file.scan.text;
  const streams = file.scan.objects.filter((o) => o.value instanceof PdfStream).map((o) => o.value as PdfStream);
  const out: number[] = [];
  for (let i = text.indexOf('%PDF-'); i >= 0; i = text.indexOf('%PDF-', i + 5)) {
    const lineStart = i === 0 || text[i - 1] === '\n' || text[i - 1] === '\r';
    if (lineStart && !streams.some((s) => i >= s.dataStart && i < s.dataStart + s.dataLength)) out.push(i);
  }
  return out;
}
