/**
 * `veracity check`: the same analyse -> score -> present steps as a served check, for a file on
 * disk, with nothing stored (no data folder needed; its settings are used when there is one).
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { DocumentCheck } from '../../../contract/check.js';
import { sniffMime, type MimeType, type Mode, ENGINE_VERSION } from '../../../engine/index.js';
import type { CheckErrorCode } from '../../../contract/enums.js';
import { presentCheck } from '../domain/present-check.js';
import { completedRecord, failedRecord, newRecord } from '../domain/settle.js';
import { newCheckId } from '../store/ids.js';
import { assess, type Pipeline } from './assess.js';
import type { CheckSettings } from './settings.js';

export interface OfflineOptions {
  mode: Mode;
  maxBytes: number;
  /** A PDF's password, handed to the analysis only. */
  password?: string;
}

export async function checkFileOffline(pipeline: Pipeline, settings: CheckSettings, path: string, opts: OfflineOptions): Promise<DocumentCheck> {
  const filename = basename(path);
  const start = (size: number, sha256: string, mime: MimeType) =>
    newRecord({
      id: newCheckId(),
      filename,
      mime_type: mime,
      size_bytes: size,
      sha256,
      mode: opts.mode,
      engine_version: ENGINE_VERSION,
      thresholds: settings.thresholds,
      snapshot: settings.snapshot,
      webhook_url: null,
      password_supplied: opts.password !== undefined,
    });
  const refused = (size: number, sha256: string, code: CheckErrorCode, message: string) =>
    presentCheck(failedRecord(start(size, sha256, 'application/pdf'), { type: 'api_error', code, message }));

  const info = await stat(path);
  if (info.size > opts.maxBytes)
    return refused(info.size, '', 'file_too_large', `The file is larger than the ${Math.round(opts.maxBytes / 1024 ** 2)} MiB limit.`);
  const bytes = await readFile(path);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const mime = sniffMime(bytes);
  if (!mime) return refused(bytes.length, sha256, 'unsupported_document', 'The file is not a PDF, PNG or JPEG (judged by its content, not its name).');
  const check = start(bytes.length, sha256, mime);
  const outcome = await assess(pipeline, {
    path,
    filename,
    mode: opts.mode,
    thresholds: settings.thresholds,
    snapshot: settings.snapshot,
    ...(opts.password !== undefined ? { password: opts.password } : {}),
  });
  if (outcome.status === 'completed') return presentCheck(completedRecord(check, outcome.result));
  const error =
    outcome.status === 'failed' ? outcome.error : { type: 'api_error' as const, code: 'engine_error' as const, message: 'The analysis was interrupted.' };
  return presentCheck(failedRecord(check, error));
}
