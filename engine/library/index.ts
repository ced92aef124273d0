/**
 * The library fingerprint of one analysed document (issue 12), built from facts the analysis
 * already produced: the bytes (sha256), the text model (shingles, rows, references, fixed
 * lines), the extracted fields, the PDF's fonts and metadata, and the grey working copy of an
 * image (its perceptual hash). Nothing is decoded again; no flag is raised here.
 */
import { createHash } from 'node:crypto';
import type { DetectorContext } from '../facts/context.js';
import { blockMeanHash, isInformativeHash } from './image-hash.js';
import { identityOf } from './identity.js';
import { MIN_SHINGLES, minhash, shingleHashes } from './minhash.js';
import { templateOf } from './template.js';
import type { LibraryFingerprint } from '../types.js';

export type { FingerprintRow, LibraryFingerprint } from '../types.js';
export { hammingHex } from './image-hash.js';
export { lshBands, minhashSimilarity, LSH_BANDS } from './minhash.js';

export async function fingerprintDocument(ctx: DetectorContext, pageSizes: ReadonlyArray<{ width: number; height: number }>): Promise<LibraryFingerprint> {
  const model = await ctx.facts.get('textModel');
  const isPdf = ctx.mime === 'application/pdf';
  const layers = isPdf ? await ctx.facts.get('textLayer') : [];
  const metadata = isPdf ? await ctx.facts.get('metadata') : null;
  const gray = isPdf ? null : await ctx.facts.get('gray');
  const shingles = shingleHashes(model.text);
  const pageHash = gray ? blockMeanHash(gray) : null;
  return {
    version: 1,
    sha256: createHash('sha256').update(ctx.bytes).digest('hex'),
    content: shingles.size >= MIN_SHINGLES ? { minhash: minhash(shingles), shingles: shingles.size } : null,
    pageHashes: pageHash && isInformativeHash(pageHash) ? [{ page: 1, hash: pageHash }] : [],
    template: templateOf(layers, pageSizes, metadata, model, ctx.extracted),
    identity: identityOf(ctx.extracted, model),
  };
}
