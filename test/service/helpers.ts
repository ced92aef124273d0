/** Shared helpers for service tests: tiny PDFs made with pdf-lib, a service in a temp folder, requests. */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pino } from 'pino';
import { startService, type RunningService, type StartOptions } from '../../electron/service/server.js';
import { compiledModule } from '../../electron/service/paths.js';
import pg from 'pg';
import { inject } from 'vitest';
import type { Store } from '../../electron/service/store/index.js';
import { openStore } from '../../electron/service/store/open.js';
import { randomBase62 } from '../../electron/service/store/ids.js';
import { assertMatchesContract } from '../support/contract-validator.js';
import type { CheckStore } from '../../electron/service/store/checks.js';
import { presentCheck } from '../../electron/service/domain/present-check.js';

export const FAKE_WORKER = fileURLToPath(new URL('./fixtures/fake-engine-worker.mjs', import.meta.url));

export interface Finding {
  flag: string;
  code: string;
  summary: string;
  pages: number[];
  evidence: Record<string, unknown>;
  strength: number;
}

/** What the fake worker should report for this document (see fixtures/fake-engine-worker.mjs). */
export interface EngineScript {
  findings?: Finding[];
  doc_type?: string;
  crash?: boolean;
  hang?: boolean;
  throw?: string;
  engine_error?: { code: string; message: string };
  delay_ms?: number;
}

/** A one-page PDF; with a script, a comment line that the fake worker reads (real engines ignore it). */
export async function makePdf(text = 'Invoice 1001  Total 45.00', script?: EngineScript): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawText(text, { x: 50, y: 780, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  const bytes = Buffer.from(await doc.save());
  if (!script) return bytes;
  // A PDF comment after the header: harmless to readers, unique per script.
  const header = bytes.indexOf('\n') + 1;
  return Buffer.concat([bytes.subarray(0, header), Buffer.from(`%VERACITY-TEST ${JSON.stringify(script)}\n`), bytes.subarray(header)]);
}

export const finding = (flag: string, strength: number, detail = 'test'): Finding => ({
  flag,
  code: `${flag}.${detail}`,
  summary: `${flag} observed for the test`,
  pages: [1],
  evidence: {},
  strength,
});

export function tempDir(prefix = 'veracity-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export const OWNER_KEY = `vk_live_${'A1b2C3d4'.repeat(4)}`;

export interface TestService {
  service: RunningService;
  url: string;
  dataDir: string;
  key: string;
  api: (path: string, init?: ApiInit) => Promise<ApiResponse>;
  close: () => Promise<void>;
}

export interface ApiInit {
  method?: string;
  json?: unknown;
  form?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Overrides the owner key; `null` sends no Authorization header. */
  key?: string | null;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export function assertWorkerBuilt(): void {
  const worker = compiledModule('electron/service/queue/worker.ts');
  if (!existsSync(worker)) throw new Error(`${worker} is missing: run \`npx tsc -p tsconfig.build.json\` before the service tests`);
}

/** A service on a free port in a temp folder, with the fake engine unless `workerFile` says otherwise. */
export async function startTestService(options: Partial<StartOptions> = {}): Promise<TestService> {
  const dataDir = options.dataDir ?? tempDir();
  const service = await startService({
    workerFile: FAKE_WORKER,
    workers: 1,
    rendererDir: false,
    logger: pino({ level: 'silent' }),
    bootstrapKey: OWNER_KEY,
    // Hermetic: the machine's own policy.json (if any) never reaches the tests.
    machinePolicy: { path: '(none in tests)', pinned: {}, error: null },
    database: await databaseFor(dataDir),
    ...options,
    dataDir,
  });
  const api = (path: string, init: ApiInit = {}) => request(service.url, path, { key: OWNER_KEY, ...init });
  return {
    service,
    url: service.url,
    dataDir,
    key: OWNER_KEY,
    api,
    close: async () => {
      await service.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The back end the API suite runs on: SQLite in the data folder, or, in the `api-postgres`
 * project (vitest.config.ts), a database of its own per data folder on the run's PostgreSQL.
 */
export const BACKEND: 'sqlite' | 'postgres' = process.env.VERACITY_TEST_BACKEND === 'postgres' ? 'postgres' : 'sqlite';
const databases = new Map<string, string>();

/** The database of a test workspace (created on first use); undefined on SQLite. */
export async function databaseFor(dataDir: string): Promise<string | undefined> {
  if (BACKEND === 'sqlite') return undefined;
  const known = databases.get(dataDir);
  if (known) return known;
  const admin = inject('pgUrl');
  const name = `t_${randomBase62(16).toLowerCase()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = admin.replace('/postgres?', `/${name}?`);
  databases.set(dataDir, url);
  return url;
}

/** The store of a test service's workspace, opened again (after the service closed, or beside it). */
export async function openTestStore(dataDir: string): Promise<Store> {
  return openStore({ dataDir, database: await databaseFor(dataDir) });
}

export async function request(base: string, path: string, init: ApiInit = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  let body: BodyInit | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    body = init.form;
  }
  const method = init.method ?? (body ? 'POST' : 'GET');
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // non-JSON body (e.g. static files): keep the text
  }
  // Every response a test receives must follow the OpenAPI document (contract/); a mismatch fails the test.
  assertMatchesContract({ method, url: `${base}${path}`, status: res.status, contentType: res.headers.get('content-type'), body: parsed });
  return { status: res.status, headers: res.headers, body: parsed };
}

export function pdfForm(bytes: Buffer, fields: Record<string, string> = {}, filename = 'doc.pdf'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), filename);
  return form;
}

/** Submits a PDF and waits for the check to settle. */
export async function submitAndWait(svc: TestService, bytes: Buffer, fields: Record<string, string> = {}): Promise<any> {
  const res = await svc.api('/api/v1/document-checks/?wait=true', { form: pdfForm(bytes, fields) });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function pollUntilSettled(svc: { api: TestService['api'] }, id: string, timeoutMs = 30_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await svc.api(`/api/v1/document-checks/${id}/`);
    if (res.body?.status !== 'processing') return res.body;
    if (Date.now() > deadline) throw new Error(`check ${id} still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A check's public JSON as it is read back: the store keeps the record; presenting happens on read. */
export async function presented(checks: Pick<CheckStore, 'get'>, id: string): Promise<string | null> {
  const check = await checks.get(id);
  return check && JSON.stringify(presentCheck(check));
}

/** The first page of checks, newest first, as public JSON strings. */
export async function presentedPage(checks: Pick<CheckStore, 'list'>, limit: number): Promise<{ data: string[]; has_more: boolean } | null> {
  const page = await checks.list(limit);
  return page && { data: page.data.map((c) => JSON.stringify(presentCheck(c))), has_more: page.has_more };
}
