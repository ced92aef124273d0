/**
 * A budget of decompressed bytes per document. A 1 MB PDF can hold a 1 GiB Flate stream, and
 * pdf.js inflates whatever a page draws, whole, in memory. Before any reader sees the file, each
 * Flate stream's decoded size is measured (bounded: never more than the budget is inflated), and
 * the streams that break the budget are replaced, in a copy of the same length, by an empty Flate
 * stream padded with zeros: offsets, the xref and every other object stay valid, so the rest of
 * the document is analysed as usual and the refused streams are reported.
 */
import zlib from 'node:zlib';
import { latin1, scanStreams, type RawStream } from './stream-scan.js';

export interface DecodeBudget {
  /** No single stream may inflate to more than this. */
  perStreamBytes: number;
  /** All Flate streams of the document together. */
  totalBytes: number;
}

export const DEFAULT_DECODE_BUDGET: DecodeBudget = { perStreamBytes: 64 * 1024 * 1024, totalBytes: 384 * 1024 * 1024 };

export interface RefusedStream {
  /** `N G` of the object holding the stream, when its header could be read. */
  object: string | null;
  offset: number;
  compressedBytes: number;
  /** At least this many bytes when inflated (measurement stops past the budget). */
  decodedAtLeast: number;
  why: 'stream_over_budget' | 'document_over_budget';
}

export interface BudgetedBytes {
  bytes: Uint8Array;
  refused: RefusedStream[];
  /** Inflated bytes counted over the streams that were kept. */
  decodedBytes: number;
  /** The streams found; their offsets hold in `bytes` too (same length, dictionaries untouched). */
  streams: RawStream[];
}

const EMPTY_FLATE = zlib.deflateSync(Buffer.alloc(0));
/** Decoded size of a Flate stream, or `limit + 1` when it exceeds `limit` (never inflates more). */
export function inflatedSize(data: Uint8Array, limit: number): number {
  const attempt = (fn: (d: Uint8Array) => Buffer, d: Uint8Array): number | null => {
    try {
      return fn(d).length;
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) return limit + 1;
      return null;
    }
  };
  const opts = { maxOutputLength: Math.max(1, limit + 1), finishFlush: zlib.constants.Z_SYNC_FLUSH };
  return (
    attempt((d) => zlib.inflateSync(d, opts), data) ??
    attempt((d) => zlib.inflateRawSync(d.subarray(2), opts), data) ??
    // Undecodable data inflates to nothing a reader could hold in memory.
    0
  );
}

export function applyDecodeBudget(bytes: Uint8Array, budget: DecodeBudget = DEFAULT_DECODE_BUDGET): BudgetedBytes {
  const refused: RefusedStream[] = [];
  let total = 0;
  const streams = scanStreams(latin1(bytes));
  for (const s of streams) {
    if (!/\/FlateDecode\b|\/Fl\b/.test(s.header)) continue;
    const data = bytes.subarray(s.start, s.end);
    const remaining = budget.totalBytes - total;
    const limit = Math.min(budget.perStreamBytes, Math.max(0, remaining));
    const size = inflatedSize(data, limit);
    if (size <= limit) {
      total += size;
      continue;
    }
    refused.push({
      object: s.object,
      offset: s.start,
      compressedBytes: data.length,
      decodedAtLeast: size,
      why: limit < budget.perStreamBytes ? 'document_over_budget' : 'stream_over_budget',
    });
  }
  if (refused.length === 0) return { bytes, refused, decodedBytes: total, streams };
  const copy = new Uint8Array(bytes);
  for (const r of refused) {
    copy.fill(0, r.offset, r.offset + r.compressedBytes);
    if (r.compressedBytes >= EMPTY_FLATE.length) copy.set(EMPTY_FLATE, r.offset);
  }
  return { bytes: copy, refused, decodedBytes: total, streams };
}
