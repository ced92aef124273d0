/**
 * The inbox with 10,000 checks: everything loads, the list stays virtualised (a few dozen rows
 * in the DOM), keyboard navigation reaches the end and search finds one document.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../electron/service/index.js';
import { EMPTY_EXTRACTED, type Analysis } from '../../engine/types.js';
import { toolPath } from '../support/environment.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = toolPath('chromium');
const KEY = 'vk_live_' + 'ScaleTestKey0123456789abcdefghij';
const COUNT = 10_000;
const built = existsSync(join(root, 'dist/renderer/index.html'));

let service: RunningService;
let context: BrowserContext;
let page: Page;
const dirs: string[] = [];

async function seed(store: RunningService['context']['store']): Promise<void> {
  const decisions = ['clear', 'pending', 'suspicious', 'fraudulent'] as const;
  const sha = 'ab'.repeat(32);
  await store.transaction(async (tx) => {
    // Checks reference their stored upload; one file stands in for all of them.
    await tx.sql.run('INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, 1000, ?, ?)', [
      sha,
      'application/pdf',
      new Date().toISOString(),
    ]);
    for (let i = 0; i < COUNT; i++) {
      const id = `dc_scale${String(i).padStart(5, '0')}`;
      const d = decisions[i % 4];
      await tx.checks.insert({
        id,
        filename: `doc-${String(i).padStart(5, '0')}.pdf`,
        mime_type: 'application/pdf',
        size_bytes: 1000,
        sha256: sha,
        mode: 'normal',
        engine_version: '0.1.0',
        thresholds: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 },
        snapshot: { disabled_flag_codes: [], rules: [] },
        webhook_url: null,
      });
      await tx.checks.complete(id, {
        pages: 1,
        format: 'digital_pdf',
        engine_version: '0.1.0',
        analysis: {} as Analysis,
        extracted: { ...EMPTY_EXTRACTED, doc_type: 'invoice', issuer: `Issuer ${i % 50}` },
        verdict: { decision: d, risk_level: 'LOW', risk_score: (i * 7) % 100, engine_score: 0, summary: `Summary ${i}`, flags: [], rules: [] },
      });
    }
  });
}

describe.skipIf(!built || CHROMIUM === null)('inbox with 10,000 checks (Chromium)', () => {
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'veracity-scale-data-'));
    const profile = mkdtempSync(join(tmpdir(), 'veracity-scale-profile-'));
    dirs.push(dataDir, profile);
    service = await startService({ dataDir, port: 0, workers: 1, bootstrapKey: KEY, logger: pino({ level: 'silent' }) });
    await seed(service.context.store);
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM!,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await service?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('loads them all, renders only visible rows, navigates to the end and searches', async () => {
    await page.goto(`${service.url}/#key=${KEY}`);
    await page.getByText(`${COUNT} of ${COUNT} shown`).waitFor({ timeout: 60_000 });
    const rows = await page.locator('.inbox-row').count();
    expect(rows).toBeGreaterThan(5);
    expect(rows).toBeLessThan(60);
    await page.getByRole('listbox').focus();
    await page.keyboard.press('End');
    const last = page.locator('[role="option"][aria-selected="true"]');
    await expect.poll(() => last.getAttribute('data-check-id')).toBe('dc_scale00000');
    expect(await last.isVisible()).toBe(true);
    await page.getByLabel('Search').fill('doc-04321');
    await expect.poll(() => page.locator('.inbox-row').count()).toBe(1);
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Decision').selectOption('fraudulent');
    await page.getByText(`${COUNT / 4} of ${COUNT} shown`).waitFor();
    mkdirSync(join(root, 'test-output', 'screenshots'), { recursive: true });
    await page.screenshot({ path: join(root, 'test-output', 'screenshots', '12-inbox-10000.png') });
  });
});
