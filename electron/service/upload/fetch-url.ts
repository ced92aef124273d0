/**
 * Fetches a submitted `url` into the upload temp area (DECISIONS: http/https only, at most 3
 * redirects, 30 s, the upload size limit). Redirects are followed by hand so each hop is
 * re-validated against the scheme and address policy.
 */
import { basename } from 'node:path';
import type { IncomingFile } from '../store/uploads.js';
import { FileTooLargeError } from '../store/uploads.js';
import { assertPublicUrl } from './address-policy.js';
import { StorageError } from '../store/storage-error.js';

export class UrlFetchError extends Error {}

export interface FetchOptions {
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  allowPrivate: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchIntoFile(url: string, file: IncomingFile, options: FetchOptions): Promise<{ filename: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const parsed = new URL(current);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UrlFetchError(`Only http and https URLs can be fetched (got ${parsed.protocol}).`);
      if (!options.allowPrivate) await assertPublicUrl(current);
      const res = await fetch(current, { redirect: 'manual', signal, headers: { accept: 'application/pdf, image/png, image/jpeg, */*;q=0.1' } });
      if (REDIRECTS.has(res.status)) {
        await res.body?.cancel();
        const location = res.headers.get('location');
        if (!location) throw new UrlFetchError(`The URL answered HTTP ${res.status} without a Location header.`);
        if (hop >= options.maxRedirects) throw new UrlFetchError(`The URL redirected more than ${options.maxRedirects} times.`);
        current = new URL(location, current).href;
        continue;
      }
      if (res.status < 200 || res.status >= 300) {
        await res.body?.cancel();
        throw new UrlFetchError(`The URL answered HTTP ${res.status}.`);
      }
      const declared = Number(res.headers.get('content-length') ?? NaN);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        await res.body?.cancel();
        throw new FileTooLargeError(options.maxBytes);
      }
      if (res.body) {
        const reader = res.body.getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          try {
            await file.write(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          } catch (err) {
            await reader.cancel();
            throw err;
          }
        }
      }
      return { filename: filenameFor(res.headers.get('content-disposition'), current) };
    }
  } catch (err) {
    if (err instanceof FileTooLargeError || err instanceof UrlFetchError || err instanceof StorageError) throw err;
    if (signal.aborted) throw new UrlFetchError(`Fetching the URL took longer than ${Math.round(options.timeoutMs / 1000)} s.`);
    const cause = (err as { cause?: { message?: string } }).cause?.message;
    throw new UrlFetchError(`The URL could not be fetched: ${(err as Error).message}${cause ? ` (${cause})` : ''}.`);
  }
}

function filenameFor(disposition: string | null, url: string): string {
  const star = disposition && /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  const plain = disposition && /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  const fromHeader = star ? safeDecode(star[1].trim()) : plain ? plain[1].trim() : '';
  if (fromHeader) return basename(fromHeader);
  const last = basename(safeDecode(new URL(url).pathname));
  return last && last !== '/' ? last : 'document';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
