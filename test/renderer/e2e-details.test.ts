/**
 * End to end, the details of the review window a demanding reviewer notices (issue 32, item 5):
 * batch counts that add up and name skipped files, evidence labels kept on the page and off the
 * highlighted text, the thresholds screen while its lines are invalid, the site icon, pdf.js's
 * standard fonts, a long issuer name, an image's revision section and a failed check's rules.
 * The built renderer served by the real service, in Debian's Chromium; screenshots go to
 * test-output/screenshots/ (ignored by git).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { pino } from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../../electron/service/index.js';
import { EMPTY_EXTRACTED, type Analysis } from '../../engine/types.js';
import { missing, toolPath } from '../support/environment.js';
import { genuineStatement, tamperedStatement } from './fixtures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = toolPath('chromium');
const SHOTS = join(root, 'test-output', 'screenshots');
const KEY = 'vk_live_' + 'DetailsTestKey0123456789abcdefgh';
const built = existsSync(join(root, 'dist/renderer/index.html'));
const LONG_ISSUER = 'The Very Long Name Of A Regional Cooperative Savings And Loan Association Of The Northern Counties';

let service: RunningService;
let context: BrowserContext;
let page: Page;
const dirs: string[] = [];
const consoleLines: string[] = [];
const fontResponses: Array<{ url: string; status: number }> = [];

async function api<T = any>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(service.url + path, { ...init, headers: { Authorization: `Bearer ${KEY}`, ...(init.headers ?? {}) } });
  return (await res.json()) as T;
}

async function submit(bytes: Uint8Array, filename: string, type: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(bytes)], { type }), filename);
  const { id } = await api<{ id: string }>('/api/v1/document-checks/', { method: 'POST', body: form });
  return id;
}

async function settled(id: string): Promise<any> {
  await expect.poll(async () => (await api(`/api/v1/document-checks/${id}/`)).status, { timeout: 60_000 }).not.toBe('processing');
  return api(`/api/v1/document-checks/${id}/`);
}

async function shot(name: string) {
  await page.screenshot({ path: join(SHOTS, `details-${name}.png`), fullPage: false });
}

type R = { left: number; top: number; right: number; bottom: number };
const rectOf = (l: Locator): Promise<R> =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
  });
const overlaps = (a: R, b: R) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A check of a long-named issuer, written straight into the store (its extraction is not what is tested). */
async function seedLongIssuer(): Promise<void> {
  const sha = 'cd'.repeat(32);
  await service.context.store.transaction(async (tx) => {
    await tx.sql.run('INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, 1000, ?, ?)', [
      sha,
      'application/pdf',
      new Date().toISOString(),
    ]);
    await tx.checks.insert({
      id: 'dc_longissuer01',
      filename: 'statement-long-issuer.pdf',
      mime_type: 'application/pdf',
      size_bytes: 1000,
      sha256: sha,
      mode: 'normal',
      engine_version: '0.1.0',
      thresholds: { pending_below: 40, suspicious_below: 60, fraudulent_below: 80 },
      snapshot: { disabled_flag_codes: [], rules: [] },
      webhook_url: null,
    });
    await tx.checks.complete('dc_longissuer01', {
      pages: 1,
      format: 'digital_pdf',
      engine_version: '0.1.0',
      analysis: {} as Analysis,
      extracted: { ...EMPTY_EXTRACTED, doc_type: 'bank_statement', issuer: LONG_ISSUER },
      verdict: { decision: 'clear', risk_level: 'LOW', risk_score: 3, engine_score: 3, summary: 'Nothing unusual.', flags: [], rules: [] },
    });
  });
}

/** A PDF whose text uses three standard fonts it does not embed (pdf-lib only names them). */
async function standardFontsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const p = doc.addPage([612, 792]);
  p.drawText('Invoice 2001  Total 45.00', { x: 60, y: 700, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  p.drawText('\u03b1\u03b2\u03b3', { x: 60, y: 660, size: 14, font: await doc.embedFont(StandardFonts.Symbol) });
  p.drawText('\u2714\u2708', { x: 60, y: 620, size: 14, font: await doc.embedFont(StandardFonts.ZapfDingbats) });
  return doc.save();
}

describe.skipIf(!built || missing('chromium').length > 0)('review window details (Chromium)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'veracity-details-data-'));
    const profile = mkdtempSync(join(tmpdir(), 'veracity-details-profile-'));
    dirs.push(dataDir, profile);
    service = await startService({ dataDir, port: 0, workers: 1, bootstrapKey: KEY, logger: pino({ level: 'silent' }) });
    await seedLongIssuer();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM!,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (m) => consoleLines.push(m.text()));
    page.on('response', (r) => {
      if (r.url().includes('/pdfjs/standard_fonts/')) fontResponses.push({ url: r.url(), status: r.status() });
    });
    await page.goto(`${service.url}/#key=${KEY}`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await service?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('serves a site icon at /favicon.ico and links one from the page', async () => {
    const res = await fetch(`${service.url}/favicon.ico`);
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // An ICO header (reserved 0, type 1) with at least one image.
    expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
    const hrefs = await page.locator('link[rel="icon"]').evaluateAll((links) => links.map((l) => (l as HTMLLinkElement).href));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect((await fetch(href)).status).toBe(200);
  });

  it('clips a long issuer name with an ellipsis and gives the whole name on hover', async () => {
    const issuer = page.locator('[data-check-id="dc_longissuer01"] .row-issuer');
    await issuer.waitFor();
    expect(await issuer.getAttribute('title')).toBe(LONG_ISSUER);
    const style = await issuer.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { overflow: cs.textOverflow, clipped: el.scrollWidth > el.clientWidth };
    });
    expect(style).toEqual({ overflow: 'ellipsis', clipped: true });
  });

  it('counts a folder batch right: checked, not uploaded, and names the skipped .txt', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'veracity-details-folder-'));
    dirs.push(folder);
    writeFileSync(join(folder, 'statement.pdf'), await genuineStatement());
    // Not a PDF inside: the service refuses them at upload.
    writeFileSync(join(folder, 'broken-1.pdf'), 'this is not a PDF at all');
    writeFileSync(join(folder, 'broken-2.pdf'), 'nor is this one');
    writeFileSync(join(folder, 'notes.txt'), 'cover letter');
    await page.getByLabel('Choose a folder to check').setInputFiles(folder);
    const bar = page.getByTestId('batch');
    await expect.poll(() => bar.textContent(), { timeout: 60_000 }).toContain('Batch done');
    const text = (await bar.textContent()) ?? '';
    expect(text).toContain('Batch done: 1 document checked');
    expect(text).toContain('2 could not be uploaded');
    expect(await page.getByTestId('batch-skipped').textContent()).toMatch(/Skipped 1 file that is not a PDF, PNG or JPEG: .*notes\.txt/);
    await shot('batch');
  });

  it('keeps an evidence label on the page and off the highlighted text, even on a narrow window', async () => {
    const genuine = await genuineStatement();
    const id = await submit(await tamperedStatement(genuine), 'statement-edited.pdf', 'application/pdf');
    await settled(id);
    for (const width of [1440, 620]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${service.url}/#/checks/${id}`);
      await page.locator('.page canvas').first().waitFor();
      const revisions = page.locator('section', { has: page.getByRole('heading', { name: 'Revisions' }) });
      await revisions.getByRole('button', { name: 'Show on page' }).first().click();
      const box = page.getByTestId('selected-box').first();
      const label = page.getByTestId('box-label').first();
      await label.waitFor();
      await label.scrollIntoViewIfNeeded();
      const [b, l, p, v] = await Promise.all([rectOf(box), rectOf(label), rectOf(page.locator('.page').first()), rectOf(page.locator('.viewer'))]);
      expect(l.left, `width ${width}`).toBeGreaterThanOrEqual(p.left);
      expect(l.right, `width ${width}`).toBeLessThanOrEqual(p.right);
      expect(l.right, `width ${width}`).toBeLessThanOrEqual(v.right);
      expect(overlaps(l, b), `width ${width}: the label covers the highlighted text`).toBe(false);
      await shot(`label-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('draws a PDF with non-embedded standard fonts from pdf.js font data, without its warning', async () => {
    const id = await submit(await standardFontsPdf(), 'standard-fonts.pdf', 'application/pdf');
    await settled(id);
    consoleLines.length = 0;
    await page.goto(`${service.url}/#/checks/${id}`);
    await page.locator('.page canvas').first().waitFor();
    await expect
      .poll(() =>
        page
          .locator('.page canvas')
          .first()
          .evaluate((c: HTMLCanvasElement) => c.width),
      )
      .toBeGreaterThan(100);
    await expect.poll(() => fontResponses.length).toBeGreaterThan(0);
    expect(fontResponses.every((r) => r.status === 200)).toBe(true);
    await page.waitForTimeout(500); // pdf.js logs its font warnings while it paints
    expect(consoleLines.filter((l) => /standardFontDataUrl|standard font|fetchStandardFontData|font data/i.test(l))).toEqual([]);
    await shot('standard-fonts');
  });

  it('says an image has no revision history, in words that fit an image', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const id = await submit(png, 'receipt.png', 'image/png');
    await settled(id);
    await page.goto(`${service.url}/#/checks/${id}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'Revisions' }) });
    await expect.poll(() => section.textContent()).toContain('Images have no revision history');
    expect(await section.textContent()).not.toContain('not a PDF');
    await section.scrollIntoViewIfNeeded();
    await shot('image-revisions');
  });

  it('says on a failed check that no rules ran because the analysis did not run', async () => {
    const genuine = await genuineStatement();
    const id = await submit(genuine.subarray(0, 400), 'statement-truncated.pdf', 'application/pdf');
    expect((await settled(id)).status).toBe('failed');
    await page.goto(`${service.url}/#/checks/${id}`);
    const rules = page.locator('section', { has: page.getByRole('heading', { name: 'Rules that fired' }) });
    await expect.poll(() => rules.textContent()).toContain('No rules ran');
    expect(await rules.textContent()).toContain('the analysis did not run');
    expect(await rules.textContent()).not.toContain('No workspace rule fired');
    await rules.scrollIntoViewIfNeeded();
    await shot('failed-rules');
  });

  it('shows invalid threshold lines as invalid: marked fields, the last valid bands marked, no preview', async () => {
    await page.goto(`${service.url}/#/thresholds`);
    const pending = page.getByRole('spinbutton', { name: 'Pending from' });
    await pending.waitFor();
    const saved = await api('/api/v1/thresholds/');
    const savedLines = `${saved.pending_below}/${saved.suspicious_below}/${saved.fraudulent_below}`;
    const bands = page.getByTestId('threshold-bands');
    // A valid move first: the bands follow the draft and the preview counts.
    await pending.fill('30');
    await expect.poll(() => bands.getAttribute('data-lines')).toBe(`30/${saved.suspicious_below}/${saved.fraudulent_below}`);
    await expect.poll(() => page.getByTestId('threshold-impact').textContent()).toMatch(/recent checks would get another decision/);
    // Then past the next line: invalid.
    await pending.fill(String(saved.suspicious_below + 5));
    await page.getByTestId('threshold-invalid').waitFor();
    expect(await page.getByTestId('threshold-impact').textContent()).toBe('No preview while the lines are invalid.');
    expect(await bands.getAttribute('data-lines')).toBe(`30/${saved.suspicious_below}/${saved.fraudulent_below}`);
    expect(await bands.getAttribute('class')).toContain('stale');
    expect(await page.getByTestId('threshold-histogram').getAttribute('class')).toContain('stale');
    expect(await pending.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('spinbutton', { name: 'Fraudulent from' }).getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByRole('button', { name: 'Save thresholds' }).isDisabled()).toBe(true);
    expect(await page.getByTestId('threshold-invalid').textContent()).toContain(
      `last valid lines (30 / ${saved.suspicious_below} / ${saved.fraudulent_below})`,
    );
    await shot('thresholds-invalid');
    // An emptied field is invalid too, not a zero.
    await pending.fill('');
    await page.getByTestId('threshold-invalid').waitFor();
    // Reset brings back the saved lines, valid again.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => bands.getAttribute('data-lines')).toBe(savedLines);
    expect(await bands.getAttribute('class')).not.toContain('stale');
    expect(await page.getByTestId('threshold-invalid').count()).toBe(0);
  });
});
