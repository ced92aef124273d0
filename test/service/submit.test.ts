import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, makePdf, pdfForm, pollUntilSettled, startTestService, type TestService } from './helpers.js';

const EXTRACTED_KEYS = ['doc_type', 'issuer', 'name', 'address', 'document_date', 'account_number', 'currency'];
const CHECK_KEYS = [
  'id',
  'object',
  'created_at',
  'status',
  'decision',
  'risk_level',
  'risk_score',
  'thresholds',
  'summary',
  'flags',
  'rules',
  'document',
  'extracted',
  'engine',
  'error',
];

let svc: TestService;
let files: Server;
let filesUrl: string;
let pdf: Buffer;

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService({ maxUploadBytes: 64 * 1024 });
  pdf = await makePdf('Statement 2024', { delay_ms: 300 });
  files = createServer((req, res) => {
    const hops = /^\/hop\/(\d+)$/.exec(req.url ?? '');
    if (hops) {
      const n = Number(hops[1]);
      res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/doc.pdf' }).end();
    } else if (req.url === '/doc.pdf') res.writeHead(200, { 'content-type': 'application/pdf' }).end(pdf);
    else if (req.url === '/page.html') res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a pdf</html>');
    else if (req.url === '/big.pdf') res.writeHead(200).end(Buffer.concat([pdf, Buffer.alloc(70 * 1024)]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, '127.0.0.1', r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await svc?.close();
  files?.close();
});

describe('POST /api/v1/document-checks/', () => {
  it('answers 201 with a processing check carrying every key, stored before the answer', async () => {
    const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf, {}, 'statement.pdf') });
    expect(res.status).toBe(201);
    const check = res.body;
    expect(Object.keys(check).sort()).toEqual([...CHECK_KEYS].sort());
    expect(check.id).toMatch(/^dc_[0-9A-Za-z]+$/);
    expect(check).toMatchObject({
      object: 'document_check',
      status: 'processing',
      decision: null,
      risk_level: null,
      risk_score: null,
      summary: null,
      flags: [],
      rules: [],
      error: null,
    });
    expect(check.thresholds).toEqual({ pending_below: 40, suspicious_below: 60, fraudulent_below: 80 });
    expect(Object.keys(check.extracted).sort()).toEqual([...EXTRACTED_KEYS].sort());
    expect(Object.values(check.extracted).every((v) => v === null)).toBe(true);
    const sha = createHash('sha256').update(pdf).digest('hex');
    expect(check.document).toMatchObject({ filename: 'statement.pdf', mime_type: 'application/pdf', size_bytes: pdf.length, sha256: sha });
    expect(check.engine).toEqual({ version: expect.any(String), mode: 'normal', incomplete: [], password_supplied: false, timings: null });
    expect(new Date(check.created_at).toISOString()).toBe(check.created_at);
    expect(readFileSync(join(svc.dataDir, 'uploads', sha.slice(0, 2), sha)).equals(pdf)).toBe(true);
    const done = await pollUntilSettled(svc, check.id);
    expect(done.status).toBe('completed');
    expect(done.document.pages).toBe(1);
  });

  it('blocks with wait=true until the analysis ends, and still answers 201', async () => {
    const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(pdf, { mode: 'strict' }) });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('completed');
    expect(res.body.engine.mode).toBe('strict');
    expect(res.body.decision).toBe('clear');
    expect(typeof res.body.risk_score).toBe('number');
  });

  it('records where the time went: stage timings in engine.timings and in the Server-Timing header', async () => {
    const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(pdf) });
    expect(res.body.status).toBe('completed');
    const timings = res.body.engine.timings;
    for (const stage of ['receive', 'store', 'queue', 'engine', 'library', 'score']) {
      expect(timings[stage], stage).toBeTypeOf('number');
      expect(timings[stage], stage).toBeGreaterThanOrEqual(0);
    }
    // The fake engine reports a total of 1 ms: the stage is the engine's own figure, passed through.
    expect(timings.engine).toBe(1);
    const header = Object.fromEntries(
      (res.headers.get('server-timing') ?? '').split(', ').map((p: string) => {
        const [name, dur] = p.split(';dur=');
        return [name, Number(dur)];
      }),
    );
    expect(Object.keys(header).sort()).toEqual(['persist', 'present', 'receive', 'store', 'wait', 'wake'].sort());
    // wait=true woke on this check's settling write (persist, then wake), with the verdict in hand.
    for (const stage of ['wait', 'persist', 'wake', 'present']) expect(header[stage], stage).toBeGreaterThanOrEqual(0);
    // The stored check keeps the timings; the stages it cannot know later (persist, wake) stay in the header.
    const again = await svc.api(`/api/v1/document-checks/${res.body.id}/`);
    expect(again.body.engine.timings).toEqual(timings);
  });

  it('returns the check as it stands when wait=true runs out of time', async () => {
    const slow = await startTestService({ waitTimeoutMs: 200 });
    try {
      const res = await slow.api('/api/v1/document-checks/?wait=true', { form: pdfForm(await makePdf('slow', { delay_ms: 1500 })) });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('processing');
    } finally {
      await slow.close();
    }
  });

  it('rejects a bad wait value naming the field', async () => {
    const res = await svc.api('/api/v1/document-checks/?wait=maybe', { form: pdfForm(pdf) });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain('wait');
  });

  it('sniffs content, not names: text called .pdf is unsupported_document and not stored', async () => {
    const before = readdirSync(join(svc.dataDir, 'uploads')).length;
    const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(Buffer.from('hello, not a pdf'), {}, 'fake.pdf') });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'unsupported_document' });
    expect(readdirSync(join(svc.dataDir, 'uploads')).length).toBe(before);
    expect(readdirSync(join(svc.dataDir, 'tmp'))).toEqual([]);
  });

  it('accepts PNG and JPEG by their magic bytes whatever the filename', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)]), 'scan.pdf');
    const res = await svc.api('/api/v1/document-checks/', { form });
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({ mime_type: 'image/png', filename: 'scan.pdf', pages: 1 });
  });

  it('refuses files over the size limit with 413 file_too_large and keeps no temp file', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(70 * 1024)]);
    const res = await svc.api('/api/v1/document-checks/', { form: pdfForm(big) });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', code: 'file_too_large' });
    expect(readdirSync(join(svc.dataDir, 'tmp'))).toEqual([]);
  });

  it('needs exactly one of file and url', async () => {
    const both = await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf, { url: `${filesUrl}/doc.pdf` }) });
    expect(both.status).toBe(400);
    expect(both.body.error.type).toBe('invalid_request_error');
    const neither = await svc.api('/api/v1/document-checks/', { json: { mode: 'normal' } });
    expect(neither.status).toBe(400);
    expect(neither.body.error.type).toBe('invalid_request_error');
    const emptyForm = new FormData();
    emptyForm.append('mode', 'normal');
    expect((await svc.api('/api/v1/document-checks/', { form: emptyForm })).status).toBe(400);
  });

  it('validates mode and webhook_url, naming the field', async () => {
    const mode = await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf, { mode: 'paranoid' }) });
    expect(mode.status).toBe(400);
    expect(mode.body.error.message).toContain('mode');
    const hook = await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf, { webhook_url: 'ftp://example.test/x' }) });
    expect(hook.status).toBe(400);
    expect(hook.body.error.message).toContain('webhook_url');
    const typed = await svc.api('/api/v1/document-checks/', { json: { url: 42 } });
    expect(typed.status).toBe(400);
    expect(typed.body.error.message).toContain('url');
  });

  it('fetches a url given as JSON, following redirects, and names the file after the URL', async () => {
    const res = await svc.api('/api/v1/document-checks/', { json: { url: `${filesUrl}/hop/2`, mode: 'lenient', ignored_field: true } });
    expect(res.status).toBe(201);
    expect(res.body.document).toMatchObject({ filename: 'doc.pdf', mime_type: 'application/pdf', size_bytes: pdf.length });
    expect(res.body.engine.mode).toBe('lenient');
  });

  it('accepts url as a multipart field too', async () => {
    const form = new FormData();
    form.append('url', `${filesUrl}/doc.pdf`);
    const res = await svc.api('/api/v1/document-checks/', { form });
    expect(res.status).toBe(201);
  });

  it('fails url fetches with 400 url_fetch_failed (status, too many redirects, refused connection)', async () => {
    for (const url of [`${filesUrl}/missing.pdf`, `${filesUrl}/hop/3`, 'http://127.0.0.1:1/x.pdf']) {
      const res = await svc.api('/api/v1/document-checks/', { json: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code, url).toBe('url_fetch_failed');
    }
  });

  it('sniffs fetched bytes and applies the size limit to them', async () => {
    const html = await svc.api('/api/v1/document-checks/', { json: { url: `${filesUrl}/page.html` } });
    expect(html.status).toBe(400);
    expect(html.body.error.code).toBe('unsupported_document');
    const big = await svc.api('/api/v1/document-checks/', { json: { url: `${filesUrl}/big.pdf` } });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('file_too_large');
  });

  it('can refuse private addresses for url and webhook_url when configured', async () => {
    const strict = await startTestService({ allowPrivateUrls: false });
    try {
      const url = await strict.api('/api/v1/document-checks/', { json: { url: `${filesUrl}/doc.pdf` } });
      expect(url.status).toBe(400);
      expect(url.body.error.code).toBe('url_fetch_failed');
      const hook = await strict.api('/api/v1/document-checks/', { form: pdfForm(pdf, { webhook_url: `${filesUrl}/hook` }) });
      expect(hook.status).toBe(400);
      expect(hook.body.error.message).toContain('webhook_url');
    } finally {
      await strict.close();
    }
  });

  it('stores identical uploads once', async () => {
    const sha = createHash('sha256').update(pdf).digest('hex');
    await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf) });
    await svc.api('/api/v1/document-checks/', { form: pdfForm(pdf) });
    expect(readdirSync(join(svc.dataDir, 'uploads', sha.slice(0, 2))).filter((f) => f === sha)).toHaveLength(1);
    expect(existsSync(join(svc.dataDir, 'uploads', sha.slice(0, 2), sha))).toBe(true);
  });
});
