/**
 * POST /api/v1/document-checks/: receive the document (multipart `file` or `url`), sniff it,
 * store it content-addressed, create the `processing` check with its settings snapshot, queue it.
 * Everything durable happens before the 201.
 */
import type { Request, Response } from 'express';
import { z } from 'zod';
import { sniffMime } from '../../../engine/sniff.js';
import { ENGINE_VERSION } from '../../../engine/version.js';
import type { ServiceContext } from '../context.js';
import { newCheckId } from '../store/ids.js';
import { toRuleInput } from '../store/rules.js';
import { FileTooLargeError, type IncomingFile } from '../store/uploads.js';
import { PrivateAddressError, assertPublicUrl } from '../upload/address-policy.js';
import { UrlFetchError, fetchIntoFile } from '../upload/fetch-url.js';
import { isMultipart, parseMultipart } from '../upload/multipart.js';
import { apiKeyOf } from './auth.js';
import { renderCheck } from './document-check.js';
import { ApiError, invalidRequest } from './errors.js';
import { booleanParam, emptyToUndefined, httpUrl, parseWith } from './validation.js';

const MODES = ['normal', 'strict', 'lenient'] as const;

const submitFields = z.object({
  url: z.preprocess(emptyToUndefined, httpUrl('url').optional()),
  mode: z.preprocess(emptyToUndefined, z.enum(MODES, { error: 'must be one of normal, strict, lenient' }).optional()),
  webhook_url: z.preprocess(emptyToUndefined, httpUrl('webhook_url').optional()),
});

const submitQuery = z.object({ wait: booleanParam().optional() });

interface Staged {
  file: IncomingFile;
  filename: string;
  sha256: string;
  size: number;
  head: Buffer;
}

const fileTooLarge = (err: FileTooLargeError) => new ApiError(413, 'invalid_request_error', 'file_too_large', err.message);

async function stageUpload(req: Request, ctx: ServiceContext): Promise<{ fields: z.output<typeof submitFields>; staged: Staged }> {
  const { config, store } = ctx;
  if (isMultipart(req)) {
    const declared = Number(req.headers['content-length'] ?? NaN);
    // Multipart framing is small; a body far over the limit cannot hold a file under it.
    if (Number.isFinite(declared) && declared > config.maxUploadBytes + 1024 * 1024) {
      req.resume();
      throw fileTooLarge(new FileTooLargeError(config.maxUploadBytes));
    }
    let received;
    try {
      received = await parseMultipart(req, { uploads: store.uploads, maxBytes: config.maxUploadBytes });
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
      return { fields, staged: await stageUrl(fields.url, ctx) };
    } catch (err) {
      await file?.incoming.discard();
      throw err;
    }
  }
  const fields = parseWith(submitFields, req.body);
  if (!fields.url) throw invalidRequest('parameter_missing', "Missing document: send a 'file' (multipart/form-data) or a 'url'.");
  return { fields, staged: await stageUrl(fields.url, ctx) };
}

async function stageUrl(url: string, { config, store }: ServiceContext): Promise<Staged> {
  const file = store.uploads.begin(config.maxUploadBytes);
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

export function submitHandler(ctx: ServiceContext) {
  return async (req: Request, res: Response): Promise<void> => {
    const { wait } = parseWith(submitQuery, req.query);
    const { fields, staged } = await stageUpload(req, ctx);
    const { store, config, processor } = ctx;
    let committed = false;
    try {
      if (fields.webhook_url && !config.webhooksEnabled) {
        throw invalidRequest('parameter_invalid', "Invalid 'webhook_url': webhooks are turned off by this machine's policy (policy.json).");
      }
      if (fields.webhook_url && !config.allowPrivateUrls) {
        await assertPublicUrl(fields.webhook_url).catch((err: Error) => {
          throw invalidRequest('parameter_invalid', `Invalid 'webhook_url': ${err.message}`);
        });
      }
      const mime = sniffMime(staged.head);
      if (!mime) throw invalidRequest('unsupported_document', 'The file is not a PDF, PNG or JPEG (judged by its content, not its name).');
      await store.uploads.commit(staged.file.tempPath, staged.sha256, staged.size, mime);
      committed = true;
      const settings = store.settings;
      const thresholds = settings.thresholds();
      const insert = () => store.checks.insert({
        id: newCheckId(),
        filename: staged.filename,
        mime_type: mime,
        size_bytes: staged.size,
        sha256: staged.sha256,
        mode: fields.mode ?? 'normal',
        engine_version: ENGINE_VERSION,
        thresholds: { pending_below: thresholds.pending_below, suspicious_below: thresholds.suspicious_below, fraudulent_below: thresholds.fraudulent_below },
        snapshot: { disabled_flag_codes: settings.flagSettings().disabled_flag_codes, rules: store.rules.active().map(toRuleInput) },
        webhook_url: fields.webhook_url ?? null,
        pages: mime === 'application/pdf' ? null : 1,
      });
      const check = store.audit.record(apiKeyOf(res).id, insert, (c) => ({
        action: 'document_check.created',
        target_id: c.id,
        details: { sha256: c.sha256, size_bytes: c.size_bytes, mime_type: c.mime_type, mode: c.mode },
      }));
      store.uploads.release(staged.sha256);
      committed = false;
      processor.enqueue(check.id);
      if (wait) {
        const gone = new AbortController();
        res.on('close', () => gone.abort());
        await processor.waitFor(check.id, config.waitTimeoutMs, gone.signal);
      }
      res.status(201).json(renderCheck(store.checks.get(check.id) ?? check));
    } finally {
      if (committed) store.uploads.release(staged.sha256);
      // No-op once committed (the temp file was moved); removes it on any earlier failure.
      await staged.file.discard();
    }
  };
}
