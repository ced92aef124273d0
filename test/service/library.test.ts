/**
 * The workspace library (issue 12) through the served API: library flags decided after analysis
 * and before scoring, `related` in both directions, deletion forgetting a check. The fake engine
 * reports scripted fingerprints built with the engine's own hashing (engine/library).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { key64 } from '../../engine/library/hash.js';
import type { LibraryFingerprint } from '../../engine/library/index.js';
import { minhash, shingleHashes } from '../../engine/library/minhash.js';
import { assertWorkerBuilt, makePdf, startTestService, submitAndWait, type TestService } from './helpers.js';

let svc: TestService;
beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
});
afterAll(() => svc?.close());

const SHOPS = [
  'CARD PAYMENT TESCO',
  'SALARY MERIDIAN',
  'DIRECT DEBIT COUNCIL TAX',
  'CARD PAYMENT SHELL',
  'TRANSFER TO SAVINGS',
  'ATM WITHDRAWAL',
  'CONTACTLESS CAFE',
];
let serial = 0;

/** A person's month of transactions: `seed` decides them. */
const rowsOf = (seed: number) =>
  Array.from(
    { length: 12 },
    (_, i) =>
      `${String(1 + i * 2).padStart(2, '0')} mar 2025 ${SHOPS[(seed * 7 + i * 3) % SHOPS.length].toLowerCase()} ${1000 + ((seed * 7919 + i * 104729) % 90000)}`,
  );

interface DocSpec {
  issuer?: string;
  name: string;
  account: string;
  seed: number;
  producer?: string;
  fonts?: string[];
}

function fingerprint(d: DocSpec): LibraryFingerprint {
  const rows = rowsOf(d.seed);
  const text = ['Northgate Bank plc', 'Your current account statement', d.name, `Account number ${d.account}`, ...rows, 'Please check this statement'].join(
    '\n',
  );
  return {
    version: 1,
    sha256: 'f'.repeat(64),
    content: { minhash: minhash(shingleHashes(text)), shingles: 60 },
    pageHashes: [],
    template: {
      producer: d.producer ?? 'Core Banking Print 4.2',
      creator: null,
      fonts: d.fonts ?? ['Helvetica'],
      geometry: ['595x842'],
      fixedLines: ['a1', 'b2', 'c3'],
    },
    identity: {
      issuer: d.issuer ?? 'northgate bank plc',
      name: d.name.toLowerCase(),
      address: null,
      account: d.account,
      references: [],
      rows: rows.map((text, i) => ({
        text,
        key: key64(text),
        page: 1,
        bbox: [0.07, 0.3 + i * 0.02, 0.8, 0.315 + i * 0.02] as [number, number, number, number],
      })),
    },
  };
}

/** Each document unique in bytes (the script line differs) unless the same bytes are submitted again. */
const pdfOf = (d: DocSpec) => makePdf(`statement ${serial++}`, { doc_type: 'bank_statement', library: fingerprint(d) } as never);
const libraryFlags = (check: any) => (check.flags as any[]).filter((f) => f.category === 'library');
const related = async (id: string) => (await svc.api(`/api/v1/document-checks/${id}/related/`)).body;

describe('library flags', () => {
  it('flags a resubmitted file duplicate_document (low), citing the earlier check; related lists it both ways', async () => {
    const bytes = await pdfOf({ name: 'Jonathan Reed', account: '43127788', seed: 1 });
    const first = await submitAndWait(svc, bytes);
    expect(libraryFlags(first)).toEqual([]);
    const again = await submitAndWait(svc, bytes);
    const [flag] = libraryFlags(again);
    expect(flag).toMatchObject({ code: 'duplicate_document', category: 'library', severity: 'low' });
    expect(flag.reasons[0].code).toBe('duplicate_document.same_file');
    expect(flag.reasons[0].evidence.related_check_ids).toEqual([first.id]);
    expect((await related(again.id)).data).toEqual([
      expect.objectContaining({ object: 'related_document', check_id: first.id, relation: 'same_file', similarity: 1 }),
    ]);
    expect((await related(first.id)).data).toEqual([expect.objectContaining({ check_id: again.id, relation: 'same_file' })]);
  });

  it('flags the same transactions under another name reused_content, citing the source check and the rows with their regions', async () => {
    const source = await submitAndWait(svc, await pdfOf({ name: 'Amelia Hart', account: '55019934', seed: 2 }));
    const forged = await submitAndWait(svc, await pdfOf({ name: 'Daniel Brooks', account: '61220871', seed: 2 }));
    const flag = libraryFlags(forged).find((f: any) => f.code === 'reused_content');
    expect(flag).toBeDefined();
    expect(['high', 'critical']).toContain(flag.severity);
    const reason = flag.reasons[0];
    expect(reason.evidence.related_check_ids).toEqual([source.id]);
    expect(reason.evidence.matched_row_count).toBe(12);
    expect(reason.evidence.differs_in).toEqual(expect.arrayContaining(['name', 'account']));
    expect(reason.evidence.regions[0]).toMatchObject({ page: 1, bbox: [0.07, 0.3, 0.8, 0.315] });
    expect(reason.summary).toContain(source.id);
    expect(forged.decision).not.toBe('clear');
    const back = await related(source.id);
    expect(back.data).toEqual([expect.objectContaining({ check_id: forged.id, relation: 'reused_content' })]);
  });

  it('never flags genuine documents of one issuer to different people, and relates them by template once the issuer has a template', async () => {
    const checks = [];
    for (const [i, name] of ['Oliver Grant', 'Priya Shah', 'Marcus Lee', 'Hannah Cole'].entries()) {
      checks.push(await submitAndWait(svc, await pdfOf({ issuer: 'westmoor bank', name, account: `7000000${i}`, seed: 10 + i })));
    }
    for (const c of checks) expect(libraryFlags(c)).toEqual([]);
    expect(checks.every((c) => c.decision === 'clear')).toBe(true);
    const last = await related(checks[3].id);
    expect(last.data.map((r: any) => r.relation)).toEqual(['same_template', 'same_template', 'same_template']);
  });

  it('flags template_mismatch when a document claims an issuer whose clear documents were all made otherwise', async () => {
    for (const [i, name] of ['Ruth Park', 'Samuel Ortiz', 'Yusuf Khan'].entries()) {
      await submitAndWait(svc, await pdfOf({ issuer: 'eastfield savings', name, account: `8000000${i}`, seed: 20 + i }));
    }
    const odd = await submitAndWait(
      svc,
      await pdfOf({
        issuer: 'eastfield savings',
        name: 'Lena Fischer',
        account: '80000099',
        seed: 30,
        producer: 'Microsoft Word for Microsoft 365',
        fonts: ['TimesNewRomanPSMT'],
      }),
    );
    const [flag] = libraryFlags(odd);
    expect(flag).toMatchObject({ code: 'template_mismatch', category: 'library' });
    expect(flag.reasons[0].evidence.related_check_ids).toHaveLength(3);
    expect(flag.reasons[0].summary).toContain('Microsoft Word');
  });

  it('forgets a deleted check: it leaves related lists and later comparisons', async () => {
    const source = await submitAndWait(svc, await pdfOf({ issuer: 'harbour credit union', name: 'Grace Wong', account: '91234567', seed: 40 }));
    const forged = await submitAndWait(svc, await pdfOf({ issuer: 'harbour credit union', name: 'Peter Novak', account: '92345678', seed: 40 }));
    expect((await related(forged.id)).data.map((r: any) => r.check_id)).toEqual([source.id]);
    expect((await svc.api(`/api/v1/document-checks/${source.id}/`, { method: 'DELETE' })).status).toBe(200);
    expect((await related(forged.id)).data).toEqual([]);
    const { sql } = svc.service.context.store;
    expect(Number((await sql.get<{ n: number }>('SELECT COUNT(*) AS n FROM library_keys WHERE check_id = ?', [source.id]))!.n)).toBe(0);
    // A third copy now matches only the remaining forged one.
    const third = await submitAndWait(svc, await pdfOf({ issuer: 'harbour credit union', name: 'Ivy Chen', account: '93456789', seed: 40 }));
    const cited = libraryFlags(third).flatMap((f: any) => f.reasons.flatMap((r: any) => r.evidence.related_check_ids));
    expect(cited).toEqual([forged.id]);
  });
});

describe('GET /api/v1/document-checks/{id}/related/', () => {
  it('answers 404 for an unknown check and 400 for a bad limit', async () => {
    expect((await svc.api('/api/v1/document-checks/dc_nope/related/')).status).toBe(404);
    const first = await submitAndWait(svc, await pdfOf({ issuer: 'quinn mutual', name: 'Nora Quinn', account: '11112222', seed: 50 }));
    expect((await svc.api(`/api/v1/document-checks/${first.id}/related/?limit=0`)).status).toBe(400);
    expect(await related(first.id)).toEqual({ object: 'list', data: [], has_more: false });
  });

  it('pages with limit and has_more', async () => {
    const bytes = await pdfOf({ name: 'Otto Berg', account: '22223333', seed: 60 });
    const first = await submitAndWait(svc, bytes);
    await submitAndWait(svc, bytes);
    await submitAndWait(svc, bytes);
    const page = (await svc.api(`/api/v1/document-checks/${first.id}/related/?limit=1`)).body;
    expect(page.data).toHaveLength(1);
    expect(page.has_more).toBe(true);
  });
});
