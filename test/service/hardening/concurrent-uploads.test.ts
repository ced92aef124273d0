/**
 * Regression (bombs bench, 2026-11): three concurrent 1 MB uploads answered 500
 * `storage_unavailable` (EIO). busboy can report a file's end while the last chunk's write is
 * still waiting for the temp file to drain; the file was then ended under that write, which
 * never drained, saw the stream close, and reported the close as EIO. Uploads are now piped
 * (the file ends after its last write), and IncomingFile.finish waits for a write in flight.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Request } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMultipart } from '../../../electron/service/upload/multipart.js';
import { UploadStore } from '../../../electron/service/store/uploads.js';
import type { Sql } from '../../../electron/service/db/sql.js';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, tempDir, type TestService } from '../helpers.js';

const BOUNDARY = 'veracityTestBoundary';
const partHead = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A request body delivered in the given pieces (each one 'data' event), as a socket would. */
function fakeRequest(pieces: Buffer[]): Request {
  const req = Readable.from(pieces) as unknown as Request;
  (req as { headers: Record<string, string> }).headers = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
  return req;
}

describe('multipart upload into the temp folder', () => {
  it('keeps the last chunk when the end of the part arrives while the previous write waits for the disk', async () => {
    const uploads = new UploadStore({} as Sql, tempDir());
    // Both chunks are over the temp stream's 16 KiB buffer, so each write waits for 'drain';
    // the second arrives with the closing boundary while the first is still being written.
    const first = Buffer.alloc(64 * 1024, 0x41);
    const last = Buffer.alloc(40 * 1024, 0x42);
    const result = await parseMultipart(fakeRequest([Buffer.concat([partHead, first]), Buffer.concat([last, partTail])]), { uploads, maxBytes: 1 << 30 });
    expect(result.file?.size).toBe(first.length + last.length);
    expect(result.file?.sha256).toBe(createHash('sha256').update(first).update(last).digest('hex'));
    await result.file?.incoming.discard();
  });
});

describe('concurrent large uploads through the server', () => {
  let svc: TestService;
  beforeAll(async () => {
    assertWorkerBuilt();
    svc = await startTestService();
  });
  afterAll(async () => svc?.close());

  const tempFiles = () => readdirSync(join(svc.dataDir, 'tmp'));

  /** A valid PDF padded with trailing spaces to about `bytes` (sizes vary so chunk boundaries do). */
  const bigPdf = async (n: number, bytes: number) => Buffer.concat([await makePdf(`Statement ${n}`), Buffer.alloc(bytes, 0x20)]);

  it('accepts every one of several 1-3 MB uploads sent at once', async () => {
    const files = await Promise.all(Array.from({ length: 8 }, (_, i) => bigPdf(i, 1024 * 1024 + i * 300 * 1024 + i * 7919)));
    const answers = await Promise.all(files.map((f) => svc.api('/api/v1/document-checks/', { form: pdfForm(f) })));
    expect(answers.map((a) => a.status)).toEqual(files.map(() => 201));
    expect(tempFiles()).toEqual([]);
  });

  it('an upload the client abandons midway leaves no temp file and does not disturb the others', async () => {
    const total = 4 * 1024 * 1024;
    // A raw request that declares 4 MiB, sends part of it and then drops the connection.
    const abandoned = new Promise<void>((resolve) => {
      const req = httpRequest(`${svc.url}/api/v1/document-checks/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${svc.key}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(total) },
      });
      req.on('error', () => resolve());
      req.on('close', () => resolve());
      req.write(partHead);
      req.write(Buffer.alloc(512 * 1024, 0x20), () => setTimeout(() => req.destroy(), 50));
    });
    const others = await Promise.all([
      abandoned,
      ...[1, 2, 3].map(async (i) => svc.api('/api/v1/document-checks/', { form: pdfForm(await bigPdf(100 + i, 1024 * 1024 + i * 4099)) })),
    ]);
    expect(others.slice(1).map((a) => (a as { status: number }).status)).toEqual([201, 201, 201]);
    // The server notices the abort on its own schedule: wait (bounded by the test timeout) for the cleanup.
    while (tempFiles().length) await new Promise((r) => setTimeout(r, 50));
    expect((await svc.api('/api/v1/document-checks/?limit=1')).status).toBe(200);
  });
});
