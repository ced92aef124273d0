/**
 * POST /api/v1/document-checks/: receive the document (multipart `file` or `url`) into a temp
 * file, then hand it to the checks' submit use case (sniff, store, snapshot, queue). Everything
 * durable happens before the 201.
 */
import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { DocumentCheck } from '../../../contract/check.js';
import { SubmitFields as submitFields, SubmitQuery as submitQuery } from '../../../contract/api-v1.js';
import { PasswordNotAccepted, UnsupportedDocument } from '../checks/check-service.js';
import type { ServiceConfig } from '../config.js';
import { presentCheck } from '../domain/present-check.js';
import { FileTooLargeError } from '../domain/storage-error.js';
import { apiKeyOf } from '../http/auth.js';
import { ApiError, invalidRequest } from '../http/errors.js';
import { parseWith } from '../http/validation.js';
import { PrivateAddressError, assertPublicUrl } from '../upload/address-policy.js';
import { UrlFetchError, fetchIntoFile } from '../upload/fetch-url.js';
import { isMultipart, parseMultipart, type ReceivedFile } from '../upload/multipart.js';
import type { UseCases } from '../usecases/index.js';

/** What this machine allows a submission (sizes, time limits, URL and webhook policy). */
export type SubmitLimits = Pick<
  ServiceConfig,
  'maxUploadBytes' | 'urlFetchTimeoutMs' | 'urlMaxRedirects' | 'allowPrivateUrls' | 'webhooksEnabled' | 'waitTimeoutMs'
>;

type Submitting = Pick<UseCases, 'checks' | 'uploads'>;

interface Staged {
  file: ReceivedFile['incoming'];
  filename: string;
  sha256: string;
  size: number;
  head: Buffer;
}

const round2 = (ms: number) => Math.round(ms * 100) / 100;

const fileTooLarge = (err: FileTooLargeError) => new ApiError(413, 'invalid_request_error', 'file_too_large', err.message);

async function stageUpload(req: Request, { uploads }: Submitting, config: SubmitLimits): Promise<{ fields: z.output<typeof submitFields>; staged: Staged }> {
  if (isMultipart(req)) {
    const declared = Number(req.headers['content-length'] ?? NaN);
    // Multipart framing is small; a body far over the limit cannot hold a file under it.
    if (Number.isFinite(declared) && declared > config.maxUploadBytes + 1024 * 1024) {
      req.resume();
      throw fileTooLarge(new FileTooLargeError(config.maxUploadBytes));
    }
    let received;
    try {
      received = await parseMultipart(req, { uploads, maxBytes: config.maxUploadBytes });
    } catch (err) {
      if (err instanceof FileTooLargeError) throw fileTooLarge(err);
      throw err;
    }
    const file = received.file;
    try {
      const fields = parseWith(submitFields, received.fields);
      if (file && fields.url) throw invalidRequest('file_and_url', "Send either 'file' or 'url', not both.");
      if (file) return { fields, staged: { file: file.incoming, filename: file.filename, sha256: file.sha256, size: file.size, head: file.head } };
      if (!fields.url) throw invalidRequest('parameter_missing', "Missing document: send a 'file' part or a 'url' field.");
      return { fields, staged: await stageUrl(fields.url, uploads, config) };
    } catch (err) {
      await file?.incoming.discard();
      throw err;
    }
  }
  const fields = parseWith(submitFields, req.body);
  if (!fields.url) throw invalidRequest('parameter_missing', "Missing document: send a 'file' (multipart/form-data) or a 'url'.");
  return { fields, staged: await stageUrl(fields.url, uploads, config) };
}

async function stageUrl(url: string, uploads: Submitting['uploads'], config: SubmitLimits): Promise<Staged> {
  const file = uploads.begin(config.maxUploadBytes);
  try {
    const { filename } = await fetchIntoFile(url, file, {
      timeoutMs: config.urlFetchTimeoutMs,
      maxRedirects: config.urlMaxRedirects,
      maxBytes: config.maxUploadBytes,
      allowPrivate: config.allowPrivateUrls,
    });
    const done = await file.finish();
    return { file, filename, ...done };
  } catch (err) {
    await file.discard();
    if (err instanceof FileTooLargeError) throw fileTooLarge(err);
    if (err instanceof UrlFetchError || err instanceof PrivateAddressError) throw invalidRequest('url_fetch_failed', err.message);
    throw err;
  }
}

/** A check that failed for want of the right password, as the 422 a waiting client asks again on. */
function passwordFailure(check: DocumentCheck): ApiError | null {
  const code = check.status === 'failed' ? check.error?.code : undefined;
  if (code !== 'password_required' && code !== 'password_incorrect') return null;
  const ask = code === 'password_required' ? 'send it in the `password` field' : 'check it and send it again in the `password` field';
  return new ApiError(422, 'invalid_request_error', code, `${check.error!.message} The failed check is ${check.id}; ${ask}.`);
}

export function submitHandler(uc: Submitting, config: SubmitLimits) {
  const { checks } = uc;
  return async (req: Request, res: Response): Promise<void> => {
    // A password in the URL would reach proxies' and browsers' histories: refuse it before reading the body.
    if (Object.hasOwn(req.query, 'password')) {
      req.resume();
      throw invalidRequest('parameter_invalid', "Send 'password' as a form field in the body, never in the URL.");
    }
    const { wait } = parseWith(submitQuery, req.query);
    const started = performance.now();
    const { fields, staged } = await stageUpload(req, uc, config);
    const receivedMs = round2(performance.now() - started);
    try {
      if (fields.webhook_url && !config.webhooksEnabled) {
        throw invalidRequest('parameter_invalid', "Invalid 'webhook_url': webhooks are turned off by this machine's policy (policy.json).");
      }
      if (fields.webhook_url && !config.allowPrivateUrls) {
        await assertPublicUrl(fields.webhook_url).catch((err: Error) => {
          throw invalidRequest('parameter_invalid', `Invalid 'webhook_url': ${err.message}`);
        });
      }
      let mark = performance.now();
      let check;
      try {
        check = await checks.submit(
          { tempPath: staged.file.tempPath, filename: staged.filename, sha256: staged.sha256, size: staged.size, head: staged.head },
          {
            mode: fields.mode,
            webhook_url: fields.webhook_url,
            actor: apiKeyOf(res).id,
            receivedMs,
            ...(fields.password !== undefined ? { password: fields.password } : {}),
          },
        );
      } catch (err) {
        if (err instanceof UnsupportedDocument || err instanceof PasswordNotAccepted) throw invalidRequest(err.code, err.message);
        throw err;
      }
      const stages: Array<[string, number]> = [
        ['receive', receivedMs],
        ['store', round2(performance.now() - mark)],
      ];
      if (wait) {
        mark = performance.now();
        const gone = new AbortController();
        res.on('close', () => gone.abort());
        await checks.waitFor(check.id, config.waitTimeoutMs, gone.signal);
        stages.push(['wait', round2(performance.now() - mark)]);
        const settled = checks.settledTimings(check.id);
        if (settled) stages.push(['persist', settled.persist], ['wake', settled.wake]);
      }
      mark = performance.now();
      const presented = (await checks.present(check.id)) ?? presentCheck(check);
      const refused = wait ? passwordFailure(presented) : null;
      if (refused) throw refused;
      const body = JSON.stringify(presented);
      stages.push(['present', round2(performance.now() - mark)]);
      // Server-Timing (W3C): where this request's time went, for a client's or a bench's eyes.
      res.setHeader('Server-Timing', stages.map(([name, ms]) => `${name};dur=${ms}`).join(', '));
      res.status(201).type('application/json').send(body);
    } finally {
      // No-op once committed (the temp file was moved); removes it on any earlier failure.
      await staged.file.discard();
    }
  };
}
