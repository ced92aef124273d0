/**
 * Streams a multipart/form-data body with busboy: text fields are collected, the `file` part is
 * written straight to the upload temp area (hashed on the way), so an upload never sits in memory.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import type { Request } from 'express';
import type { IncomingFile, UploadStore } from '../store/uploads.js';

/** A body that cannot be read as the multipart upload it claims to be (the API answers 400 with `code`). */
export class MultipartError extends Error {
  constructor(
    readonly code: 'invalid_multipart' | 'too_many_files' | 'request_aborted',
    message: string,
  ) {
    super(message);
    this.name = 'MultipartError';
  }
}

export interface ReceivedFile {
  incoming: IncomingFile;
  filename: string;
  sha256: string;
  size: number;
  head: Buffer;
}

export interface MultipartResult {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

export interface MultipartOptions {
  /** Where a `file` part goes; without it file parts are skipped. */
  uploads?: Pick<UploadStore, 'begin'>;
  maxBytes: number;
  fileField?: string;
}

export function isMultipart(req: Request): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

export function parseMultipart(req: Request, options: MultipartOptions): Promise<MultipartResult> {
  const fileField = options.fileField ?? 'file';
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy reads header parameters as Latin-1 by default, but clients (curl, browsers) send a
      // file name as raw UTF-8; `filename*` (RFC 5987) carries its own charset and wins anyway.
      parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fields: 100, fieldSize: 1024 * 1024, parts: 200 } });
    } catch (err) {
      return reject(new MultipartError('invalid_multipart', `The multipart body could not be read: ${(err as Error).message}.`));
    }
    const fields: Record<string, string> = {};
    let incoming: IncomingFile | null = null;
    let fileDone: Promise<ReceivedFile> | null = null;
    let failed = false;

    const fail = (err: unknown) => {
      if (failed) return;
      failed = true;
      // Stop parsing but drain what the client still sends, so it can read our error response.
      req.unpipe(parser);
      req.resume();
      const cleaned = incoming ? incoming.discard() : Promise.resolve();
      cleaned.then(
        () => reject(err),
        () => reject(err),
      );
    };

    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });

    parser.on('file', (name, stream, info) => {
      if (name !== fileField || !options.uploads || failed) {
        stream.resume();
        return;
      }
      if (incoming) {
        stream.resume();
        return fail(new MultipartError('too_many_files', `Send exactly one '${fileField}' part.`));
      }
      const file = options.uploads.begin(options.maxBytes);
      incoming = file;
      // pipeline() owns the backpressure and the ordering: the sink's final() runs only after
      // every write has landed, so the file is ended after its last chunk, never during it
      // (a hand-made pause/resume once ended the file while the last write awaited 'drain').
      const sink = new Writable({
        write: (chunk: Buffer, _encoding, callback) =>
          file.write(chunk).then(
            () => callback(),
            (err: Error) => callback(err),
          ),
      });
      fileDone = pipeline(stream, sink).then(async () => ({ incoming: file, filename: cleanFilename(info.filename), ...(await file.finish()) }));
      fileDone.catch(fail);
    });

    parser.on('error', (err: Error) => fail(new MultipartError('invalid_multipart', `The multipart body could not be read: ${err.message}.`)));
    parser.on('close', () => {
      if (failed) return;
      (fileDone ?? Promise.resolve(null)).then((file) => {
        if (!failed) resolve({ fields, file });
      }, fail);
    });
    req.on('aborted', () => fail(new MultipartError('request_aborted', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}

/** Keep the name a client gave, minus any path, control characters and excess length. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
    .slice(0, 255);
  return clean || 'document';
}
