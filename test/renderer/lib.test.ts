import { describe, expect, it } from 'vitest';
import type { DocumentCheck, Reason } from '../../renderer/src/api/contract.js';
import { bandsOf, decisionChanges, decisionForScore, histogram, thresholdsAreValid } from '../../renderer/src/lib/bands.js';
import { boxesOf, heatmapsOf, normalizeBBox, targetPage, visibleEvidence, type Box, type Heatmap } from '../../renderer/src/lib/evidence.js';
import { isSupportedFile } from '../../renderer/src/lib/files.js';
import { EMPTY_FILTER, filterChecks, matchesFilter } from '../../renderer/src/lib/filters.js';
import { humanize } from '../../renderer/src/lib/format.js';
import { parseRoute, routeHref } from '../../renderer/src/lib/route.js';
import { describeDelta, parseDelta } from '../../renderer/src/lib/rules.js';
import { keyFromFragment, loginCodeFromFragment, resolveSession } from '../../renderer/src/lib/session.js';

const T = { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 };

function check(over: Partial<DocumentCheck> & { filename?: string; issuer?: string; docType?: string }): DocumentCheck {
  return {
    id: over.id ?? 'dc_1',
    object: 'document_check',
    created_at: over.created_at ?? '2025-03-10T10:00:00Z',
    status: over.status ?? 'completed',
    decision: over.decision === undefined ? 'clear' : over.decision,
    risk_level: 'LOW',
    risk_score: 10,
    thresholds: T,
    summary: null,
    flags: [],
    rules: [],
    document: {
      filename: over.filename ?? 'a.pdf',
      mime_type: 'application/pdf',
      pages: 1,
      size_bytes: 100,
      format: null,
      sha256: over.document?.sha256 ?? 'abcdef0123456789',
    },
    extracted: {
      doc_type: (over.docType ?? null) as DocumentCheck['extracted']['doc_type'],
      issuer: over.issuer ?? null,
      name: null,
      address: null,
      document_date: null,
      account_number: null,
      currency: null,
    },
    engine: { version: '0.1.0', mode: 'normal', incomplete: [], password_supplied: false },
    error: null,
  };
}

describe('inbox filters', () => {
  const checks = [
    check({ id: 'dc_a', filename: 'march.pdf', decision: 'fraudulent', issuer: 'ACME Bank', docType: 'bank_statement', created_at: '2025-03-01T08:00:00Z' }),
    check({
      id: 'dc_b',
      filename: 'receipt.jpg',
      decision: 'clear',
      docType: 'receipt',
      created_at: '2025-04-02T08:00:00Z',
      document: { filename: '', mime_type: '' as never, pages: 1, size_bytes: 1, format: null, sha256: 'ffee99' },
    }),
    check({ id: 'dc_c', filename: 'upload.png', status: 'processing', decision: null, created_at: '2025-04-03T08:00:00Z' }),
  ];
  const ids = (f: Partial<typeof EMPTY_FILTER>) => filterChecks(checks, { ...EMPTY_FILTER, ...f }).map((c) => c.id);

  it('returns everything with no filter', () => expect(ids({})).toEqual(['dc_a', 'dc_b', 'dc_c']));
  it('filters by decision and by processing status', () => {
    expect(ids({ status: 'fraudulent' })).toEqual(['dc_a']);
    expect(ids({ status: 'processing' })).toEqual(['dc_c']);
    expect(ids({ status: 'pending' })).toEqual([]);
  });
  it('filters by document type and by creation date range (inclusive)', () => {
    expect(ids({ docType: 'receipt' })).toEqual(['dc_b']);
    expect(ids({ from: '2025-04-02' })).toEqual(['dc_b', 'dc_c']);
    expect(ids({ to: '2025-04-02' })).toEqual(['dc_a', 'dc_b']);
  });
  it('searches file name, issuer (case-insensitive) and a sha256 prefix', () => {
    expect(ids({ query: 'MARCH' })).toEqual(['dc_a']);
    expect(ids({ query: 'acme bank' })).toEqual(['dc_a']);
    expect(ids({ query: 'ffee99' })).toEqual(['dc_b']);
    expect(ids({ query: 'nothing' })).toEqual([]);
  });
  it('combines criteria', () => {
    expect(matchesFilter(checks[0], { ...EMPTY_FILTER, status: 'fraudulent', query: 'receipt' })).toBe(false);
  });
});

describe('bands and threshold impact', () => {
  it('maps scores to decisions at the cut lines', () => {
    expect([0, 39, 40, 59, 60, 79, 80, 100].map((s) => decisionForScore(s, T))).toEqual([
      'clear',
      'clear',
      'pending',
      'pending',
      'suspicious',
      'suspicious',
      'fraudulent',
      'fraudulent',
    ]);
    expect(bandsOf(T).map((b) => b.to - b.from)).toEqual([40, 20, 20, 20]);
  });
  it('validates like the service', () => {
    expect(thresholdsAreValid(T)).toBe(true);
    expect(thresholdsAreValid({ ...T, pending_below: 0 })).toBe(false);
    expect(thresholdsAreValid({ ...T, suspicious_below: 80 })).toBe(false);
    expect(thresholdsAreValid({ ...T, fraudulent_below: 101 })).toBe(false);
    expect(thresholdsAreValid({ ...T, pending_below: 4.5 })).toBe(false);
  });
  it('counts past checks whose decision would change, and how', () => {
    const change = decisionChanges([10, 45, 55, 85], T, { ...T, pending_below: 50 });
    expect(change).toEqual({ total: 4, changed: 1, moves: { 'pending→clear': 1 } });
    expect(decisionChanges([10], T, T).changed).toBe(0);
  });
  it('buckets scores, putting 100 in the last bucket', () => {
    const h = histogram([0, 4, 5, 99, 100], 5);
    expect(h).toHaveLength(20);
    expect(h[0]).toBe(2);
    expect(h[1]).toBe(1);
    expect(h[19]).toBe(2);
  });
});

describe('evidence geometry', () => {
  const reason = (evidence: Reason['evidence'], pages = [2]): Reason => ({ code: 'x.y', summary: 's', pages, evidence });
  it('takes bbox on its page (or the reason page) and every region', () => {
    expect(boxesOf(reason({ bbox: [0.1, 0.2, 0.3, 0.4] }))).toEqual([{ page: 2, bbox: [0.1, 0.2, 0.3, 0.4] }]);
    expect(boxesOf(reason({ page: 3, bbox: [0.1, 0.2, 0.3, 0.4], regions: [{ page: 1, bbox: [0, 0, 1, 0.5], label: 'L' }] }))).toEqual([
      { page: 3, bbox: [0.1, 0.2, 0.3, 0.4] },
      { page: 1, bbox: [0, 0, 1, 0.5], label: 'L' },
    ]);
  });
  it('ignores malformed boxes and clamps or reorders sloppy ones', () => {
    expect(boxesOf(reason({ bbox: [0, 0, 1] as never, regions: [{ page: 1, bbox: 'x' as never }] }))).toEqual([]);
    expect(normalizeBBox([0.5, 1.2, -0.1, 0.3])).toEqual([0, 0.3, 0.5, 1]);
  });
  it('scrolls to the first box page, else the first reason page', () => {
    expect(targetPage(reason({ regions: [{ page: 4, bbox: [0, 0, 1, 1] }] }))).toBe(4);
    expect(targetPage(reason({}, [7]))).toBe(7);
    expect(targetPage(reason({}, []))).toBeNull();
  });
  it('accepts only image data URLs as heat maps', () => {
    expect(heatmapsOf(reason({ heatmap: 'data:image/png;base64,AAAA' as never }))[0]).toEqual({
      page: 2,
      bbox: [0, 0, 1, 1],
      image: 'data:image/png;base64,AAAA',
    });
    expect(heatmapsOf(reason({ heatmap: { image: 'data:image/jpeg;base64,AA', bbox: [0, 0, 0.5, 0.5], page: 1 } }))[0].page).toBe(1);
    expect(heatmapsOf(reason({ heatmap: 'https://evil.example/x.png' as never }))).toEqual([]);
    expect(heatmapsOf(reason({ heatmap: 'javascript:alert(1)' as never }))).toEqual([]);
  });
});

describe('session', () => {
  function fakeWindow(hash: string, stored: string | null = null) {
    const store = new Map<string, string>(stored ? [['veracity.key', stored]] : []);
    const replaced: string[] = [];
    return {
      replaced,
      store,
      location: { hash, pathname: '/', search: '', origin: 'http://127.0.0.1:1' },
      history: { replaceState: (_d: unknown, _u: string, url?: string) => void replaced.push(url ?? '') },
      sessionStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    };
  }
  it('reads #key= and removes it from the address bar', () => {
    const w = fakeWindow('#key=vk_live_abc');
    expect(resolveSession(w)).toMatchObject({ key: 'vk_live_abc', baseUrl: '' });
    expect(w.replaced).toEqual(['/']);
    expect(w.store.get('veracity.key')).toBe('vk_live_abc');
  });
  it('prefers the desktop bridge, then the fragment, then this tab storage', () => {
    const w = { ...fakeWindow('#key=frag', 'stored'), veracity: { baseUrl: 'http://127.0.0.1:9/', sessionKey: 'bridge' } };
    expect(resolveSession(w)).toMatchObject({ key: 'bridge', baseUrl: 'http://127.0.0.1:9' });
    expect(resolveSession(fakeWindow('', 'stored'))?.key).toBe('stored');
    expect(resolveSession(fakeWindow('#/rules'))).toBeNull();
  });
  it('parses only key fragments', () => {
    expect(keyFromFragment('#key=a%2Bb&x=1')).toBe('a+b');
    expect(keyFromFragment('#/checks/dc_1')).toBeNull();
    expect(loginCodeFromFragment('#login=abc_DEF-123')).toBe('abc_DEF-123');
    expect(loginCodeFromFragment('#key=vk_live_x')).toBeNull();
    expect(keyFromFragment('#key=')).toBeNull();
  });
});

describe('small helpers', () => {
  it('round-trips routes', () => {
    for (const r of [{ view: 'inbox' }, { view: 'rules' }, { view: 'check', id: 'dc_a/b' }] as const) expect(parseRoute(routeHref(r))).toEqual(r);
    expect(parseRoute('#/nope')).toEqual({ view: 'inbox' });
  });
  it('parses and explains score deltas', () => {
    expect(parseDelta('-100')).toBe(-100);
    expect(parseDelta('101')).toBeNull();
    expect(parseDelta('2.5')).toBeNull();
    expect(describeDelta(15)).toContain('Adds 15 points');
    expect(describeDelta(-5)).toContain('Subtracts 5 points');
  });
  it('accepts PDF/PNG/JPEG by type or extension only', () => {
    expect(isSupportedFile({ name: 'x.PDF', type: '' })).toBe(true);
    expect(isSupportedFile({ name: 'scan', type: 'image/jpeg' })).toBe(true);
    expect(isSupportedFile({ name: 'notes.txt', type: 'text/plain' })).toBe(false);
  });
  it('humanizes codes', () => {
    expect(humanize('digital_pdf')).toBe('Digital PDF');
    expect(humanize('id_document')).toBe('ID document');
    expect(humanize(null)).toBe('—');
  });
});

describe('score gauge scale', async () => {
  const { scaleLabels } = await import('../../renderer/src/components/ScoreGauge.js');
  it('labels every cut line and drops an end label that would collide with one', () => {
    expect(scaleLabels(T)).toEqual([0, 40, 60, 80, 100]);
    expect(scaleLabels({ pending_below: 2, suspicious_below: 60, fraudulent_below: 97 })).toEqual([2, 60, 97]);
  });
});

describe('visibleEvidence', () => {
  const boxes: Box[] = Array.from({ length: 40 }, (_, i) => ({ page: 1, bbox: [0, i / 40, 1, (i + 1) / 40] }));
  const heatmaps: Heatmap[] = [{ page: 1, bbox: [0, 0, 1, 1], image: 'data:image/png;base64,AAAA' }];
  const all = { boxes, heatmaps };

  it('draws nothing until a reason is selected, then only its boxes and heat maps', () => {
    expect(visibleEvidence(all, null, false)).toEqual({ boxes: [], selected: [], heatmaps: [] });
    const selection = { boxes: [boxes[3], boxes[7]], heatmaps: [] };
    const shown = visibleEvidence(all, selection, false);
    expect(shown.boxes).toEqual([boxes[3], boxes[7]]);
    expect(shown.selected).toEqual(shown.boxes);
    expect(shown.heatmaps).toEqual([]);
    expect(visibleEvidence(all, { boxes: [], heatmaps }, false).heatmaps).toEqual(heatmaps);
  });

  it('draws every box and heat map when asked, the selection still highlighted, nothing twice', () => {
    const selection = { boxes: [boxes[3]], heatmaps };
    const shown = visibleEvidence(all, selection, true);
    expect(shown.boxes).toHaveLength(40);
    expect(shown.selected).toEqual([boxes[3]]);
    expect(shown.heatmaps).toEqual(heatmaps);
    // A box that is not among the reasons' (a text-diff box) is added once.
    const diff: Box = { page: 1, bbox: [0.1, 0.1, 0.2, 0.2], label: 'diff' };
    const withDiff = visibleEvidence(all, { boxes: [diff], heatmaps: [] }, true);
    expect(withDiff.boxes).toHaveLength(41);
    expect(withDiff.boxes.at(-1)).toBe(diff);
  });
});
