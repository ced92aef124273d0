import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../renderer/src/api/client.js';
import type { DocumentCheck } from '../../renderer/src/api/contract.js';
import { batchProgress, loadAllChecks, pollProcessing, submitFiles, useInbox } from '../../renderer/src/state/inbox.js';

const T = { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 };
const mk = (id: string, status: DocumentCheck['status'] = 'processing', filename = `${id}.pdf`): DocumentCheck => ({
  id,
  object: 'document_check',
  created_at: '2025-01-01T00:00:00Z',
  status,
  decision: status === 'completed' ? 'clear' : null,
  risk_level: null,
  risk_score: status === 'completed' ? 5 : null,
  thresholds: T,
  summary: null,
  flags: [],
  rules: [],
  document: { filename, mime_type: 'application/pdf', pages: null, size_bytes: 100, sha256: 'ab', format: null },
  extracted: { doc_type: null, issuer: null, name: null, address: null, document_date: null, account_number: null, currency: null },
  engine: { version: '0', mode: 'normal', incomplete: [], password_supplied: false },
  error: null,
});

/** A fetch speaking the v1 API for a little in-memory workspace. */
function fakeServer(opts: { total?: number; rejectNames?: string[] } = {}) {
  const all = Array.from({ length: opts.total ?? 0 }, (_, i) => mk(`dc_${String(1000 - i)}`, 'completed'));
  const requests: string[] = [];
  let n = 0;
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://x');
    requests.push(`${init?.method ?? 'GET'} ${u.pathname}${u.search}`);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (new Headers(init?.headers).get('authorization') !== 'Bearer k')
      return json({ error: { type: 'authentication_error', code: 'invalid_api_key', message: 'bad key' } }, 401);
    if (init?.method === 'POST') {
      const file = (init.body as FormData).get('file') as File;
      if (opts.rejectNames?.includes(file.name))
        return json({ error: { type: 'invalid_request_error', code: 'unsupported_document', message: 'not a PDF' } }, 400);
      const c = mk(`dc_new${++n}`, 'processing', file.name);
      all.unshift(c);
      return json(c, 201);
    }
    const one = /^\/api\/v1\/document-checks\/([^/]+)\/$/.exec(u.pathname);
    if (one) {
      const c = all.find((x) => x.id === one[1])!;
      return json({ ...c, status: 'completed', decision: 'clear', risk_score: 3 });
    }
    const limit = Number(u.searchParams.get('limit'));
    const after = u.searchParams.get('starting_after');
    const start = after ? all.findIndex((c) => c.id === after) + 1 : 0;
    return json({ object: 'list', data: all.slice(start, start + limit), has_more: start + limit < all.length });
  }) as typeof fetch;
  return { fetchImpl, requests, all };
}

beforeEach(() => useInbox.setState({ byId: {}, order: [], uploads: [], batch: null, loading: false, loadedAll: false, loadError: null }));

describe('inbox store', () => {
  it('loads every page of the list, newest first, following starting_after', async () => {
    const srv = fakeServer({ total: 250 });
    await loadAllChecks(new ApiClient('', 'k', srv.fetchImpl));
    const st = useInbox.getState();
    expect(st.order).toHaveLength(250);
    expect(st.order[0]).toBe('dc_1000');
    expect(st.loadedAll).toBe(true);
    expect(srv.requests).toEqual([
      'GET /api/v1/document-checks/?limit=100',
      'GET /api/v1/document-checks/?limit=100&starting_after=dc_901',
      'GET /api/v1/document-checks/?limit=100&starting_after=dc_801',
    ]);
  });

  it('reports a load failure instead of an empty inbox', async () => {
    await loadAllChecks(new ApiClient('', 'wrong', fakeServer().fetchImpl));
    expect(useInbox.getState().loadError).toBe('bad key');
  });

  it('puts each upload at the top at once, tracks the batch, and counts refused files', async () => {
    const srv = fakeServer({ rejectNames: ['bad.pdf'] });
    const api = new ApiClient('', 'k', srv.fetchImpl);
    const files = ['a.pdf', 'bad.pdf', 'c.png'].map((n) => new File([new Uint8Array([1])], n));
    const pending = submitFiles(api, files, 2);
    expect(useInbox.getState().uploads.map((u) => u.filename)).toEqual(['a.pdf', 'bad.pdf', 'c.png']);
    await pending;
    const st = useInbox.getState();
    expect(st.order.map((id) => st.byId[id].document.filename).sort()).toEqual(['a.pdf', 'c.png']);
    expect(st.uploads).toEqual([expect.objectContaining({ filename: 'bad.pdf', state: 'failed', error: 'not a PDF' })]);
    expect(batchProgress(st.batch!, st.byId)).toEqual({ settled: 1, total: 3 });
    await pollProcessing(api);
    const after = useInbox.getState();
    expect(after.order.every((id) => after.byId[id].status === 'completed')).toBe(true);
    expect(batchProgress(after.batch!, after.byId)).toEqual({ settled: 3, total: 3 });
  });

  it('turns error envelopes into ApiError with type, code and message', async () => {
    const api = new ApiClient('', 'wrong', fakeServer().fetchImpl);
    const err = await api.getCheck('dc_x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', message: 'bad key' });
  });
});
