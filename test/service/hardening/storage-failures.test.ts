/**
 * Regression (hardening issue, item 3): a `url` submission whose temp file could not be opened
 * killed the process with an unhandled 'error' event on the WriteStream. Every stream now has its
 * error path; a full or unwritable disk is a 500 `api_error` naming the cause, and the service lives on.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, pdfForm, startTestService, type TestService } from '../helpers.js';

let svc: TestService;
let origin: Server;
let pdfUrl = '';
let bigPdf: Buffer;

beforeAll(async () => {
  assertWorkerBuilt();
  // Over the 64 KiB of the small disk below, so that writing it fills the disk.
  bigPdf = Buffer.concat([await makePdf('Statement 12'), Buffer.alloc(256 * 1024, 0x20)]);
  origin = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(bigPdf));
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  pdfUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/statement.pdf`;
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.close();
  origin?.close();
});

const tmpDir = () => join(svc.dataDir, 'tmp');

async function expectStorageError(cause: string): Promise<void> {
  const viaUrl = await svc.api('/api/v1/document-checks/', { json: { url: pdfUrl } });
  expect(viaUrl.status).toBe(500);
  expect(viaUrl.body.error).toMatchObject({ type: 'api_error', code: 'storage_unavailable', message: expect.stringContaining(cause) });
  expect(viaUrl.body.error.message).not.toContain(svc.dataDir);
  const viaFile = await svc.api('/api/v1/document-checks/', { form: pdfForm(bigPdf) });
  expect(viaFile.status).toBe(500);
  expect(viaFile.body.error).toMatchObject({ type: 'api_error', code: 'storage_unavailable', message: expect.stringContaining(cause) });
  // Still alive and answering.
  expect((await svc.api('/api/v1/document-checks/?limit=1')).status).toBe(200);
}

describe('storage failures during upload', () => {
  it('a temp folder that cannot be opened gives 500 storage_unavailable, not a crash', async () => {
    rmSync(tmpDir(), { recursive: true, force: true });
    writeFileSync(tmpDir(), 'not a folder');
    try {
      await expectStorageError('ENOTDIR');
    } finally {
      rmSync(tmpDir(), { force: true });
      mkdirSync(tmpDir());
    }
    const ok = await svc.api('/api/v1/document-checks/', { json: { url: pdfUrl } });
    expect(ok.status).toBe(201);
  });

  it('a full disk gives 500 storage_unavailable naming ENOSPC', async (ctx) => {
    const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', tmpDir()], { stdio: 'ignore' });
    if (mounted.status !== 0) {
      console.log('skipped: the full-disk test needs permission to mount a small tmpfs');
      return ctx.skip();
    }
    try {
      await expectStorageError('ENOSPC');
    } finally {
      spawnSync('umount', [tmpDir()], { stdio: 'ignore' });
    }
  });
});
