/**
 * End to end: the built renderer served by the real service, driven in Debian's Chromium.
 * Every UI action is checked again through the API. Screenshots of each view go to
 * test-output/screenshots/ (ignored by git) for a human look.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boxesOf } from '../../renderer/src/lib/evidence.js';
import { genuineStatement, tamperedStatement } from './fixtures.js';
import { serve, type Served } from './serve.js';

import { missing, toolPath } from '../support/environment.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = toolPath('chromium');
const SHOTS = join(root, 'test-output', 'screenshots');
const KEY = 'vk_live_' + 'E2eTestKey0123456789abcdefghijkl'.slice(0, 32);
const built = existsSync(join(root, 'dist/renderer/index.html')) && existsSync(join(root, 'dist/electron/cli/index.js'));

let service: Served;
let context: BrowserContext;
let page: Page;
let dataDir: string;
let profileDir: string;
const ids: { genuine?: string; tampered?: string } = {};

async function api<T = any>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(service.url + path, {
    ...init,
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  return (await res.json()) as T;
}

async function shot(name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}

async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 250));
  }
}

// Without chromium or pdftotext the whole file skips (test/support/report-skips.ts says so once).
describe.skipIf(!built || missing('chromium', 'pdftotext').length > 0)('desktop UI end to end (Chromium)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'veracity-e2e-data-'));
    profileDir = mkdtempSync(join(tmpdir(), 'veracity-e2e-profile-'));
    service = await serve(dataDir, KEY);
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM!,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => console.error('page error:', e.message));
  });

  afterAll(async () => {
    await context?.close();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('refuses a wrong key on the sign-in form, then signs in from the URL fragment and hides the key', async () => {
    await page.goto(service.url + '/');
    await page.getByLabel('API key').fill('vk_live_' + 'x'.repeat(32));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('not accepted');
    await shot('01-sign-in');
    await page.goto(`${service.url}/#key=${KEY}`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    expect(page.url()).not.toContain(KEY);
    expect(page.url()).not.toContain('key=');
  });

  it('checks a genuine and a tampered statement dropped in through the picker and shows both verdicts', async () => {
    const genuine = await genuineStatement();
    const tampered = await tamperedStatement(genuine);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'statement-genuine.pdf', mimeType: 'application/pdf', buffer: Buffer.from(genuine) },
      { name: 'statement-tampered.pdf', mimeType: 'application/pdf', buffer: Buffer.from(tampered) },
    ]);
    // Both rows appear at once, before analysis ends.
    await page.getByRole('option', { name: /statement-genuine\.pdf/ }).waitFor();
    await page.getByRole('option', { name: /statement-tampered\.pdf/ }).waitFor();
    const done = await waitFor(async () => {
      const list = await api('/api/v1/document-checks/?limit=10');
      return list.data.length === 2 && list.data.every((c: any) => c.status !== 'processing') ? list.data : null;
    });
    for (const c of done) ids[c.document.filename.includes('tampered') ? 'tampered' : 'genuine'] = c.id;
    for (const c of done) {
      const row = page.locator(`[data-check-id="${c.id}"]`);
      const expected = c.status === 'failed' ? 'Failed' : c.decision;
      await expect.poll(() => row.textContent(), { timeout: 15_000 }).toMatch(new RegExp(expected, 'i'));
      if (c.risk_score !== null) await expect.poll(() => row.locator('.row-score').textContent()).toBe(String(c.risk_score));
    }
    await page.getByRole('status').filter({ hasText: 'Batch done' }).waitFor();
    await shot('02-inbox');
  });

  it('filters, searches and opens a check with the keyboard', async () => {
    await page.getByLabel('Search').fill('tampered');
    await expect.poll(() => page.locator('.inbox-row').count()).toBe(1);
    await page.getByLabel('Search').fill('');
    await page.getByRole('listbox').focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    const second = await page.locator('[role="option"][aria-selected="true"]').getAttribute('data-check-id');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`#/checks/${second}`));
    await page.goBack();
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
  });

  it('opens the tampered check: verdict, pages drawn, a reason with a box is highlighted on its page', async () => {
    const check = await api(`/api/v1/document-checks/${ids.tampered}/`);
    await page.goto(`${service.url}/#/checks/${ids.tampered}`);
    await page.getByRole('heading', { name: 'statement-tampered.pdf' }).waitFor();
    await page.locator('.page canvas').first().waitFor();
    // pdf.js has drawn something: the canvas got real pixels.
    await expect
      .poll(() =>
        page
          .locator('.page canvas')
          .first()
          .evaluate((c: HTMLCanvasElement) => c.width),
      )
      .toBeGreaterThan(100);
    if (check.status === 'completed') {
      await expect.poll(() => page.locator('.check-head').textContent()).toMatch(new RegExp(check.decision, 'i'));
      if (check.summary) await expect.poll(() => page.locator('.summary').textContent()).toBe(check.summary);
    }
    const codes: string[] = check.flags.flatMap((f: any) => f.reasons.map((r: any) => r.code));
    for (const flag of check.flags) await page.getByRole('heading', { name: flag.title }).waitFor();
    if (check.flags.some((f: any) => f.code === 'incremental_edit')) {
      expect(await page.locator('[data-reason-code^="incremental_edit."]').count()).toBeGreaterThan(0);
    }
    await shot('03-check');
    // The tampered statement's edit has a place on the page: clicking its reason shows that box only.
    const reasons = check.flags.flatMap((f: any) => f.reasons);
    const located = reasons.find((r: any) => r.evidence?.bbox || r.evidence?.regions?.length);
    expect(located, `no reason with a box (reason codes: ${codes.join(', ') || 'none'})`).toBeDefined();
    const visibleBoxes = () => page.locator('[data-testid="selected-box"], [data-testid="evidence-box"]').count();
    await expect.poll(() => page.getByTestId('evidence-hint').textContent()).toContain('Select a reason');
    expect(await visibleBoxes()).toBe(0);
    await page.locator(`[data-reason-code="${located.code}"]`).first().click();
    const box = page.getByTestId('selected-box').first();
    await box.waitFor();
    await expect.poll(() => box.isVisible()).toBe(true);
    expect(await page.getByTestId('evidence-box').count()).toBe(0);
    await page.waitForTimeout(800); // smooth scroll
    const inView = await box.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return r.bottom > 0 && r.top < window.innerHeight && r.width > 2 && r.height > 2;
    });
    expect(inView).toBe(true);
    await shot('04-reason-box');
    // The toggle draws every reason's boxes, the selected one still highlighted; off again, only the selection.
    const everyBox = reasons.flatMap(boxesOf).length;
    await page.getByTestId('show-all-evidence').check();
    await expect.poll(visibleBoxes).toBe(everyBox);
    expect(await page.getByTestId('selected-box').count()).toBeGreaterThan(0);
    await page.getByTestId('show-all-evidence').uncheck();
    await expect.poll(() => page.getByTestId('evidence-box').count()).toBe(0);
  });

  it('shows the revision timeline and the text diff between revisions', async () => {
    const analysis = await api(`/dashboard/v1/checks/${ids.tampered}/analysis`);
    const revisions = analysis.revisions as Array<{ number: number; textDiff?: unknown[] }>;
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Revisions' }) });
    // The tampered statement is the original plus one incremental update.
    expect(revisions.length).toBeGreaterThan(1);
    const last = revisions.at(-1)!;
    await section.getByRole('button', { name: new RegExp(`Revision ${last.number}`) }).click();
    await section.getByRole('heading', { name: `Changes in revision ${last.number}` }).waitFor();
    expect(last.textDiff?.length ?? 0).toBeGreaterThan(0);
    await expect.poll(() => section.locator('.word-diff').count()).toBeGreaterThan(0);
    await expect.poll(() => section.textContent()).toContain('9,250.00');
    await section.scrollIntoViewIfNeeded();
    await shot('05-revisions');
  });

  it('exports the check as a printable report with the verdict, reasons and page', async () => {
    const check = await api(`/api/v1/document-checks/${ids.tampered}/`);
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(SHOTS, '06a-print.png'), fullPage: true });
    const pdfPath = join(SHOTS, '..', 'report.pdf');
    await page.pdf({ path: pdfPath, format: 'A4', printBackground: true });
    await page.emulateMedia({ media: 'screen' });
    const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(text).toContain('statement-tampered.pdf');
    expect(text).not.toContain('Send feedback');
    if (check.status === 'completed') {
      expect(text.toLowerCase()).toContain(check.decision);
      for (const f of check.flags) expect(text).toContain(f.title);
    }
  });

  it('records feedback on the verdict', async () => {
    const form = page.locator('form.feedback');
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Disagree').check();
    await form.getByLabel('Correct decision').selectOption('fraudulent');
    await form.getByLabel('Reason (optional)').fill('The closing balance was edited.');
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('feedback recorded').waitFor();
    await shot('06-feedback');
    // The v1 API has no feedback listing; read what the service stored (WAL allows a reader).
    const db = new Database(join(dataDir, 'veracity.db'), { readonly: true });
    const rows = db.prepare('SELECT rating, corrected_decision, reason FROM feedback WHERE check_id = ?').all(ids.tampered) as unknown[];
    db.close();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 'disagree', corrected_decision: 'fraudulent', reason: 'The closing balance was edited.' });
  });

  it('creates a rule: a bad CEL condition shows the compiler error, a good one previews and saves', async () => {
    await page.goto(`${service.url}/#/rules`);
    await page.getByRole('button', { name: 'New rule' }).click();
    await page.getByLabel('Title').fill('Edited statements need review');
    await page.getByLabel('Condition (CEL)').fill('risk_score >');
    await page.getByRole('button', { name: 'Save rule' }).click();
    const err = page.getByTestId('condition-error');
    await err.waitFor();
    expect((await err.textContent())!.length).toBeGreaterThan(3);
    await shot('07-rule-error');
    await page.getByLabel('Condition (CEL)').fill('"incremental_edit" in flag_codes || risk_score >= 0');
    await page.getByLabel('Test against').selectOption(ids.tampered!);
    await page.getByRole('button', { name: 'Test this condition' }).click();
    await expect.poll(() => page.getByTestId('rule-preview').textContent()).toContain('Fires on this check');
    await page.getByLabel('Outcome').selectOption('PENDING');
    await page.getByLabel('Score delta').fill('10');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('rowheader', { name: 'Edited statements need review' }).waitFor();
    await shot('08-rules');
    const rules = await api('/api/v1/rules/');
    expect(rules.data).toHaveLength(1);
    expect(rules.data[0]).toMatchObject({ title: 'Edited statements need review', outcome_guidance: 'PENDING', score_delta: 10, status: 'active' });
    await page.getByRole('button', { name: 'Edit Edited statements need review' }).click();
    await page.getByLabel('Score delta').fill('-5');
    await page.getByLabel('Bank statement').check();
    await page.getByRole('button', { name: 'Save rule' }).click();
    await page.getByRole('cell', { name: '-5' }).waitFor();
    expect((await api('/api/v1/rules/')).data[0]).toMatchObject({ score_delta: -5, document_types: ['bank_statement'], outcome_guidance: 'PENDING' });
    await page.getByRole('button', { name: 'Disable Edited statements need review' }).click();
    await expect.poll(async () => (await api('/api/v1/rules/')).data[0].status).toBe('disabled');
  });

  it('moves a threshold, shows the impact on past checks and saves it', async () => {
    await page.goto(`${service.url}/#/thresholds`);
    const pending = page.getByRole('spinbutton', { name: 'Pending from' });
    await pending.fill('2');
    await expect.poll(() => page.getByTestId('threshold-impact').textContent()).toMatch(/of 2 recent checks would get another decision/);
    await shot('09-thresholds');
    await page.getByRole('button', { name: 'Save thresholds' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await api('/api/v1/thresholds/')).pending_below).toBe(2);
  });

  it('ignores a flag from the catalog', async () => {
    await page.goto(`${service.url}/#/flags`);
    const toggle = page.getByRole('switch', { name: /\(scrubbed_metadata\)/ });
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await toggle.uncheck();
    await page.getByText('Metadata removed ignored for new analyses.').waitFor();
    expect((await api('/api/v1/flag-settings/')).disabled_flag_codes).toEqual(['scrubbed_metadata']);
    await shot('10-flags');
  });

  it('creates an API key that is shown once, and shows the installation details', async () => {
    await page.goto(`${service.url}/#/settings`);
    await page.getByLabel('Name').fill('Intake desk');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^vk_live_[0-9A-Za-z]{32}$/);
    await page.getByRole('rowheader', { name: 'Intake desk' }).waitFor();
    await page.getByText(dataDir).waitFor();
    await shot('11-settings');
    const res = await fetch(`${service.url}/api/v1/rules/`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
  });
  it('says on a failed check that the analysis did not run, why, and what to do', async () => {
    const genuine = await genuineStatement();
    const form = new FormData();
    // Cut short in transfer: the header survives, the body and cross-reference table do not.
    form.append('file', new Blob([Buffer.from(genuine).subarray(0, 400)], { type: 'application/pdf' }), 'statement-truncated.pdf');
    const res = await fetch(`${service.url}/api/v1/document-checks/`, { method: 'POST', headers: { Authorization: `Bearer ${KEY}` }, body: form });
    const { id } = (await res.json()) as { id: string };
    const failed = await waitFor(async () => {
      const c = await api(`/api/v1/document-checks/${id}/`);
      return c.status === 'processing' ? null : c;
    });
    expect(failed.status).toBe('failed');
    await page.goto(`${service.url}/#/checks/${id}`);
    const alert = page.getByTestId('failed-analysis');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('did not run');
    expect(await alert.textContent()).toContain(`${failed.error.code}: ${failed.error.message}`);
    expect(await alert.textContent()).toContain('What to do:');
    const body = (await page.locator('.check-side').textContent()) ?? '';
    for (const clean of ['No flags were raised.', 'Every applicable check ran.', 'Available when the analysis completes.']) expect(body).not.toContain(clean);
    await shot('14-failed-check');
  });

  it('submits a file dropped anywhere on the window', async () => {
    await page.goto(`${service.url}/#/rules`);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const dt = new DataTransfer();
        dt.items.add(new File([new Uint8Array(bytes)], 'dropped-receipt.png', { type: 'image/png' }));
        return dt;
      },
      [...png],
    );
    await page.dispatchEvent('main', 'dragenter', { dataTransfer });
    await page.getByText('Drop PDF, PNG or JPG files or folders to check them').waitFor();
    await page.dispatchEvent('main', 'drop', { dataTransfer });
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.locator('.inbox-row', { hasText: 'dropped-receipt.png' }).waitFor();
    await expect.poll(async () => (await api('/api/v1/document-checks/?limit=10')).data.map((c: any) => c.document.filename)).toContain('dropped-receipt.png');
    await page.locator('.inbox-row', { hasText: 'dropped-receipt.png' }).click();
    await page.getByRole('img', { name: 'The submitted image' }).waitFor();
    await shot('13-image-check');
  });
});
