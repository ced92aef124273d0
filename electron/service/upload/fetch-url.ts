/**
 * Fetches a submitted `url` into the upload temp area (DECISIONS: http/https only, at most 3
 * redirects, 30 s, the upload size limit). Redirects are followed by hand so each hop is
 * re-validated against the scheme and address policy. With private addresses refused, the check
 * happens in the connection's own DNS lookup (electron/service/upload/pinned-lookup.ts), so a
 * rebinding name cannot pass the check with one address and connect to another.
 */
import { basename } from 'node:path';
import type { IncomingFile } from '../store/uploads.js';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { PrivateAddressError } from './address-policy.js';
import { assertPublicLiteral, publicOnlyLookup } from './pinned-lookup.js';
import { FileTooLargeError, StorageError } from '../domain/storage-error.js';

export class UrlFetchError extends Error {}

export interface FetchOptions {
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  allowPrivate: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** One GET, no redirects followed; with `publicOnly`, connections go to public addresses only. */
function get(url: URL, signal: AbortSignal, publicOnly: boolean): Promise<IncomingMessage> {
  if (publicOnly) assertPublicLiteral(url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'GET',
      signal,
      headers: { accept: 'application/pdf, image/png, image/jpeg, */*;q=0.1', 'user-agent': 'Veracity/1' },
      ...(publicOnly ? { lookup: publicOnlyLookup } : {}),
    });
    req.on('response', resolve);
    req.on('error', reject);
    req.end();
  });
}

export async function fetchIntoFile(url: string, file: IncomingFile, options: FetchOptions): Promise<{ filename: string }> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      const parsed = new URL(current);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
        throw new UrlFetchError(`Only http and https URLs can be fetched (got ${parsed.protocol}).`);
      const res = await get(parsed, signal, !options.allowPrivate);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new UrlFetchError(`The URL answered HTTP ${status} without a Location header.`);
        if (hop >= options.maxRedirects) throw new UrlFetchError(`The URL redirected more than ${options.maxRedirects} times.`);
        current = new URL(location, current).href;
        continue;
      }
      if (status < 200 || status >= 300) {
        res.resume();
        throw new UrlFetchError(`The URL answered HTTP ${status}.`);
      }
      const declared = Number(res.headers['content-length'] ?? NaN);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        throw new FileTooLargeError(options.maxBytes);
      }
      try {
        for await (const chunk of res) await file.write(chunk as Buffer);
      } catch (err) {
        res.destroy();
        throw err;
      }
      const disposition = res.headers['content-disposition'];
      return { filename: filenameFor(typeof disposition === 'string' ? disposition : null, current) };
    }
  } catch (err) {
    if (err instanceof FileTooLargeError || err instanceof UrlFetchError || err instanceof StorageError) throw err;
    if (err instanceof PrivateAddressError || (err as { cause?: unknown }).cause instanceof PrivateAddressError)
      throw new UrlFetchError((err as Error).message);
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
