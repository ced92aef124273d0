/**
 * The renderer's ApiClient builds its requests from the contract's routes: every call sends the
 * method, URL, body and headers it always sent, and a failure still becomes an ApiError.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError } from '../../renderer/src/api/client.js';

interface Sent {
  method: string;
  url: string;
  body: string | null;
  contentType: string | null;
  auth: string | null;
}

function recorder(answer: () => Response = () => Response.json({})) {
  const sent: Sent[] = [];
  const fetchImpl = (async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const body = init.body instanceof FormData ? `form:${[...init.body.keys()].join(',')}` : ((init.body as string | undefined) ?? null);
    sent.push({ method: init.method ?? 'GET', url, body, contentType: headers.get('content-type'), auth: headers.get('authorization') });
    return answer();
  }) as typeof fetch;
  return { sent, api: new ApiClient('http://svc', 'vk_key', fetchImpl) };
}

describe('ApiClient', () => {
  it('sends every request to the route the contract names', async () => {
    const { sent, api } = recorder();
    await api.listChecks(50, 'chk_9');
    await api.listChecks();
    await api.listRelated('a/b');
    await api.getCheck('chk_1');
    await api.submit(new Blob(['x']), 'x.pdf', 'strict');
    await api.sendFeedback('chk_1', { rating: 'agree' } as never);
    await api.listRules();
    await api.createRule({ title: 'T' } as never);
    await api.updateRule('rule_1', { title: 'U' });
    await api.deleteRule('rule_1');
    await api.getThresholds();
    await api.setThresholds({ pending_below: 1, suspicious_below: 2, fraudulent_below: 3 });
    await api.getFlagSettings();
    await api.setDisabledFlags(['ai_generated']);
    await api.getFile('chk_1');
    await api.getAnalysis('chk_1');
    await api.recentScores(10);
    await api.previewRule('chk_1', 'true');
    await api.flagCatalog();
    await api.about();
    await api.listKeys();
    await api.createKey('viewer', 'n');
    await api.revokeKey('key 1');
    await api.webhookSecret();
    expect(sent.map((s) => `${s.method} ${s.url}${s.body ? ` ${s.body}` : ''}`)).toEqual([
      'GET http://svc/api/v1/document-checks/?limit=50&starting_after=chk_9',
      'GET http://svc/api/v1/document-checks/?limit=100',
      'GET http://svc/api/v1/document-checks/a%2Fb/related/?limit=100',
      'GET http://svc/api/v1/document-checks/chk_1/',
      'POST http://svc/api/v1/document-checks/ form:mode,file',
      'POST http://svc/api/v1/document-checks/chk_1/feedback/ {"rating":"agree"}',
      'GET http://svc/api/v1/rules/',
      'POST http://svc/api/v1/rules/ {"title":"T"}',
      'PATCH http://svc/api/v1/rules/rule_1/ {"title":"U"}',
      'DELETE http://svc/api/v1/rules/rule_1/',
      'GET http://svc/api/v1/thresholds/',
      'PATCH http://svc/api/v1/thresholds/ {"pending_below":1,"suspicious_below":2,"fraudulent_below":3}',
      'GET http://svc/api/v1/flag-settings/',
      'PATCH http://svc/api/v1/flag-settings/ {"disabled_flag_codes":["ai_generated"]}',
      'GET http://svc/dashboard/v1/checks/chk_1/file',
      'GET http://svc/dashboard/v1/checks/chk_1/analysis',
      'GET http://svc/dashboard/v1/stats/scores?limit=10',
      'POST http://svc/dashboard/v1/rules/preview {"check_id":"chk_1","condition":"true"}',
      'GET http://svc/dashboard/v1/flag-catalog',
      'GET http://svc/dashboard/v1/about',
      'GET http://svc/dashboard/v1/keys',
      'POST http://svc/dashboard/v1/keys {"role":"viewer","name":"n"}',
      'DELETE http://svc/dashboard/v1/keys/key%201',
      'GET http://svc/dashboard/v1/webhook-secret',
    ]);
    expect(new Set(sent.map((s) => s.auth))).toEqual(new Set(['Bearer vk_key']));
    // JSON bodies say so; a multipart form sets its own boundary.
    expect(sent.filter((s) => s.body?.startsWith('{')).every((s) => s.contentType === 'application/json')).toBe(true);
    expect(sent.find((s) => s.body?.startsWith('form:'))?.contentType).toBeNull();
  });

  it('answers JSON as parsed and anything else as bytes', async () => {
    const json = recorder(() => Response.json({ data: [1] }));
    expect(await json.api.listKeys()).toEqual({ data: [1] });
    const bytes = recorder(() => new Response(new Uint8Array([1, 2]), { headers: { 'content-type': 'application/pdf' } }));
    expect(new Uint8Array(await bytes.api.getFile('chk_1'))).toEqual(new Uint8Array([1, 2]));
  });

  it('turns the error envelope and an unreachable service into an ApiError', async () => {
    const refused = recorder(() =>
      Response.json({ error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such check' } }, { status: 404 }),
    );
    await expect(refused.api.getCheck('x')).rejects.toMatchObject({
      status: 404,
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such check',
    });
    const down = new ApiClient('http://svc', 'k', (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch);
    const err = await down.about().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, type: 'network_error', code: 'unreachable' });
  });
});
