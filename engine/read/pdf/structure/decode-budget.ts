/**
 * Bounded work for any PDF, decided before any reader sees the file. A 1 KB file can inflate to
 * gigabytes through a chain of filters, declare an image of gigapixels, draw a form thousands of
 * times or nest graphics states a hundred thousand deep; pdf.js would do all of it, whole, in
 * memory. Here every stream is measured through its whole filter chain (each layer's output
 * counted, never more than the budget produced), every image judged from its declared size, and
 * every page's content work counted through the forms it draws. What breaks a budget is
 * neutralised in a copy of the same length (offsets and the xref stay valid), so the rest of the
 * document is analysed as usual and the refusals are reported.
 */
import type { PdfFile } from './document.js';
import { planContent, measureContentWork, CONTENT_LIMITS, type ContentPlan, type PageWork } from './content-budget.js';
import { scanContent, type ContentCounts } from './content-scan.js';
import { inflateBounded, PREFIX_BYTES } from './bounded-decode.js';
import { decodeChain, earlyChange, filterChain } from './filter-chain.js';
import { declaredImage, judgeImage, IMAGE_LIMITS, type ImageRefusal } from './image-budget.js';
import { PdfName, PdfRef } from './objects.js';
import { neutralise, type Neutralisation } from './neutralise.js';
import { latin1, scanStreams, type RawStream } from './stream-scan.js';

export interface DecodeBudget {
  /** No single layer of one stream may produce more than this. */
  perStreamBytes: number;
  /** Every layer of every stream of the document together, forms counted per use. */
  totalBytes: number;
}

export const DEFAULT_DECODE_BUDGET: DecodeBudget = { perStreamBytes: 64 * 1024 * 1024, totalBytes: 384 * 1024 * 1024 };

export interface RefusedStream {
  /** `N G` of the object holding the stream, when its header could be read. */
  object: string | null;
  offset: number;
  compressedBytes: number;
  /** At least this many bytes when decoded (measurement stops past the budget). */
  decodedAtLeast: number;
  /** The filter chain, in decoding order. */
  filters: string[];
  /** The budget it broke: bytes decoded, or form draws on one page. */
  budget: number;
  budgetUnit: 'bytes' | 'draws';
  why: 'stream_over_budget' | 'document_over_budget' | 'repeated_use';
  /** For `repeated_use`: how many times the document draws it. */
  uses?: number;
}

export interface RefusedImage {
  object: string | null;
  offset: number;
  width: number;
  height: number;
  components: number;
  bitsPerComponent: number;
  /** What the declaration asks a reader to allocate (w * h * components * bits / 8). */
  declaredBytes: number;
  /** The bytes of data in the file. */
  dataBytes: number;
  filters: string[];
  why: ImageRefusal;
}

export interface HeavyPage {
  page: number;
  operators: number;
  maxDepth: number;
  /** The content streams left out (`N G`). */
  objects: string[];
  budget: { maxDepth: number; maxOperators: number };
}

export interface BudgetedBytes {
  bytes: Uint8Array;
  refused: RefusedStream[];
  images: RefusedImage[];
  pages: HeavyPage[];
  /** Decoded bytes counted over the streams that were kept. */
  decodedBytes: number;
  /** The streams found; their offsets hold in `bytes` too (same length, dictionaries untouched). */
  streams: RawStream[];
}

/** Decoded size of a Flate stream, or `limit + 1` when it exceeds `limit` (never inflates more). */
export function inflatedSize(data: Uint8Array, limit: number): number {
  const r = inflateBounded(data, limit);
  return r.over ? limit + 1 : r.out.length;
}

const objectNum = (object: string | null): number | null => (object ? Number(object.split(' ')[0]) : null);

function filterResolver(file: PdfFile | null): (num: number) => string[] | null {
  return (num) => {
    const v = file?.resolve(new PdfRef(num, 0));
    const list = Array.isArray(v) ? v.map((x) => file?.resolve(x)) : [v];
    const names = list.filter((x): x is PdfName => x instanceof PdfName).map((x) => x.name);
    return names.length ? names : null;
  };
}

/**
 * The stream's data as readers decode it: decrypted first in files that open with the empty
 * password (ciphertext would inflate to nothing and hide a bomb); cross-reference streams never are.
 */
function clearData(file: PdfFile | null): (s: RawStream, data: Uint8Array) => Uint8Array {
  const crypt = file?.encrypted ? file.decryptor() : null;
  if (!crypt?.stream) return (_s, data) => data;
  return (s, data) => {
    const id = s.object?.split(' ').map(Number);
    if (!id || /\/Type\s*\/XRef\b/.test(s.header)) return data;
    try {
      return crypt.stream!(data, id[0], id[1]);
    } catch {
      return data;
    }
  };
}

function safePlan(file: PdfFile | null): ContentPlan {
  try {
    return file ? planContent(file, file.trailerValue('Root')) : { pages: [], forms: new Map() };
  } catch {
    // A page tree too damaged to walk: the streams are still measured one by one.
    return { pages: [], forms: new Map() };
  }
}

export function applyDecodeBudget(bytes: Uint8Array, budget: DecodeBudget = DEFAULT_DECODE_BUDGET, file: PdfFile | null = null): BudgetedBytes {
  const streams = scanStreams(file?.scan.text ?? latin1(bytes));
  const plan = safePlan(file);
  const contentNums = new Set([...plan.pages.flatMap((p) => p.contents), ...plan.forms.keys()]);
  const resolveFilter = filterResolver(file);
  const refused: RefusedStream[] = [];
  const images: RefusedImage[] = [];
  const fixes: Neutralisation[] = [];
  const counts = new Map<number, ContentCounts>();
  const decodedOf = new Map<number, number>();
  const streamOf = new Map<number, RawStream>();
  let total = 0;
  const clear = clearData(file);
  for (const s of streams) {
    const data = clear(s, bytes.subarray(s.start, s.end));
    const filters = filterChain(s.header, resolveFilter);
    const image = declaredImage(s.header);
    // An honest image may decode to its declared size, within the image caps.
    const own = image ? Math.max(budget.perStreamBytes, Math.min(image.decodedBytes + 1024 * 1024, IMAGE_LIMITS.maxDecodedBytes)) : budget.perStreamBytes;
    const remaining = Math.max(0, budget.totalBytes - total);
    const limit = Math.min(own, remaining);
    const res = decodeChain(data, filters, limit, remaining, earlyChange(s.header));
    if (res.over) {
      const why = limit < own ? 'document_over_budget' : 'stream_over_budget';
      refused.push({
        object: s.object,
        offset: s.start,
        compressedBytes: data.length,
        decodedAtLeast: res.produced,
        filters,
        budget: limit,
        budgetUnit: 'bytes',
        why,
      });
      fixes.push({ stream: s, keep: keepPrefix(s.header, res.out), image: image !== null });
      continue;
    }
    total += res.produced;
    if (image) {
      const why = judgeImage(image, res.codec, res.out.length, res.out.length);
      if (why) {
        const { width, height, components, bitsPerComponent, decodedBytes } = image;
        images.push({
          object: s.object,
          offset: s.start,
          width,
          height,
          components,
          bitsPerComponent,
          declaredBytes: decodedBytes,
          dataBytes: data.length,
          filters,
          why,
        });
        fixes.push({ stream: s, keep: null, image: true });
      }
      continue;
    }
    const num = objectNum(s.object);
    if (num !== null && contentNums.has(num) && !res.codec && !res.unknown) {
      counts.set(num, scanContent(res.out));
      decodedOf.set(num, res.out.length);
      streamOf.set(num, s);
    }
  }
  const work = measureContentWork(plan, counts);
  total += refuseRepeatedUse(work.formUses, decodedOf, streamOf, budget, total, refused, fixes);
  refuseFormFloods(work.pages, streamOf, refused, fixes);
  const pages: HeavyPage[] = [];
  for (const p of work.pages) {
    if (p.maxDepth <= CONTENT_LIMITS.maxDepth && p.operators <= CONTENT_LIMITS.maxOperators) continue;
    const left = heaviestContents(p, counts)
      .map((n) => streamOf.get(n))
      .filter((s): s is RawStream => s !== undefined);
    pages.push({
      page: p.page,
      operators: p.operators,
      maxDepth: p.maxDepth,
      objects: left.map((s) => s.object ?? `${s.start}`),
      budget: { ...CONTENT_LIMITS },
    });
    for (const s of left) fixes.push({ stream: s, keep: null, image: false });
  }
  if (fixes.length === 0) return { bytes, refused, images, pages, decodedBytes: total, streams };
  return { bytes: neutralise(bytes, fixes), refused, images, pages, decodedBytes: total, streams };
}

/**
 * The page's content streams to leave out: those nested past the budget, then the largest by
 * operators until the page is within budget; the rest of the page (its genuine text) stays. When
 * the work comes only from what the streams draw, all of them.
 */
function heaviestContents(p: PageWork, counts: ReadonlyMap<number, ContentCounts>): number[] {
  const own = p.contents.filter((n) => counts.has(n)).map((n) => ({ n, c: counts.get(n)! }));
  const out = own.filter((x) => x.c.maxDepth > CONTENT_LIMITS.maxDepth);
  let operators = p.operators - out.reduce((a, x) => a + x.c.operators, 0);
  for (const x of own.filter((y) => !out.includes(y)).sort((a, b) => b.c.operators - a.c.operators)) {
    if (operators <= CONTENT_LIMITS.maxOperators || x.c.operators <= 1) break;
    out.push(x);
    operators -= x.c.operators;
  }
  return operators > CONTENT_LIMITS.maxOperators || out.length === 0 ? p.contents : out.map((x) => x.n);
}

/** Object and cross-reference streams keep the part measured: the objects they hold stay readable. */
function keepPrefix(header: string, out: Uint8Array): Uint8Array | null {
  return /\/Type\s*\/(ObjStm|XRef)\b/.test(header) ? out.subarray(0, Math.min(out.length, PREFIX_BYTES)) : null;
}

/** A page drawing forms more often than a reader can build them: the most drawn are refused. */
function refuseFormFloods(pages: readonly PageWork[], streamOf: ReadonlyMap<number, RawStream>, refused: RefusedStream[], fixes: Neutralisation[]): void {
  const done = new Set(fixes.map((f) => f.stream));
  for (const p of pages) {
    let draws = [...p.formDraws.values()].reduce((a, b) => a + b, 0);
    for (const [num, n] of [...p.formDraws].sort((a, b) => b[1] - a[1])) {
      if (draws <= CONTENT_LIMITS.maxFormDraws) break;
      draws -= n;
      const s = streamOf.get(num);
      if (!s || done.has(s)) continue;
      done.add(s);
      const filters = filterChain(s.header);
      refused.push({
        object: s.object,
        offset: s.start,
        compressedBytes: s.end - s.start,
        decodedAtLeast: 0,
        filters,
        budget: CONTENT_LIMITS.maxFormDraws,
        budgetUnit: 'draws',
        why: 'repeated_use',
        uses: n,
      });
      fixes.push({ stream: s, keep: null, image: false, form: true });
    }
  }
}

/**
 * Each further use of a form interprets its content again: the uses beyond the first count
 * against the document budget, the costliest forms refused first. Returns the bytes counted.
 */
function refuseRepeatedUse(
  uses: ReadonlyMap<number, number>,
  decodedOf: ReadonlyMap<number, number>,
  streamOf: ReadonlyMap<number, RawStream>,
  budget: DecodeBudget,
  total: number,
  refused: RefusedStream[],
  fixes: Neutralisation[],
): number {
  const extra = [...uses]
    .map(([num, n]) => ({ num, n, bytes: (n - 1) * (decodedOf.get(num) ?? 0) }))
    .filter((e) => e.bytes > 0)
    .sort((a, b) => b.bytes - a.bytes);
  let sum = extra.reduce((acc, e) => acc + e.bytes, 0);
  for (const e of extra) {
    if (total + sum <= budget.totalBytes) break;
    const s = streamOf.get(e.num)!;
    const filters = filterChain(s.header);
    refused.push({
      object: s.object,
      offset: s.start,
      compressedBytes: s.end - s.start,
      decodedAtLeast: e.n * (decodedOf.get(e.num) ?? 0),
      filters,
      budget: budget.totalBytes,
      budgetUnit: 'bytes',
      why: 'repeated_use',
      uses: e.n,
    });
    fixes.push({ stream: s, keep: null, image: false, form: true });
    sum -= e.bytes;
  }
  return sum;
}
