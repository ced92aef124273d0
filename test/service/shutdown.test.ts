/**
 * Shutdown order (issue 13): close() stops accepting connections and lets the requests in flight
 * finish against a working service (database pool, queue) before anything else stops; only then
 * the queue, the analyses and the database. A request that was mid-upload when close() began
 * still gets its 201 and its check is stored (shutdown used to cut such requests after 2 s and
 * could close the database under them).
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { makePdf, OWNER_KEY, openTestStore, startTestService, tempDir } from './helpers.js';

/** A multipart upload sent in two halves, the second `gapMs` after the first; resolves with the status and body. */
function slowUpload(base: string, bytes: Buffer, afterFirstHalf: () => void, gapMs: number): Promise<{ status: number; body: string }> {
  const boundary = 'veracity-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, bytes, tail]);
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/v1/document-checks/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${OWNER_KEY}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.write(body.subarray(0, half), () => {
      afterFirstHalf();
      setTimeout(() => req.end(body.subarray(half)), gapMs);
    });
  });
}

describe('shutdown', () => {
  it('drains requests in flight before the database closes: an upload mid-body gets 201 and is stored', async () => {
    const dataDir = tempDir();
    const svc = await startTestService({ dataDir });
    const bytes = await makePdf('Invoice 77  Total 12.00');
    let closing: Promise<void> | null = null;
    // The second half arrives well after close() began (longer than shutdown used to wait).
    const upload = slowUpload(svc.url, bytes, () => (closing = svc.service.close()), 2_500);
    const res = await upload;
    expect(res.status).toBe(201);
    const id = (JSON.parse(res.body) as { id: string }).id;
    await closing;
    // New connections are refused once shutdown began.
    await expect(fetch(`${svc.url}/api/v1/health/`)).rejects.toThrow();
    // Stored: the next start (or another worker) settles it.
    const store = await openTestStore(dataDir);
    try {
      expect((await store.checks.get(id))?.status).toBeDefined();
    } finally {
      await store.close();
    }
  });
});
