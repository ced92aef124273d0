/**
 * End to end in Chromium: a dropped PDF that needs a password fails with `password_required`,
 * its page asks for the password in a small dialog, a wrong one is said in place, and the right
 * one checks the file again and opens the new, completed check. Screenshots go to
 * test-output/screenshots/ (ignored by git).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encrypt, qpdfOrSkip, SCHEMES, USER_PASSWORD } from '../engine/read/pdf/encryption/fixtures.js';
import { missing, toolPath } from '../support/environment.js';
import { genuineStatement } from './fixtures.js';
import { serve, type Served } from './serve.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SHOTS = join(root, 'test-output', 'screenshots');
const KEY = 'vk_live_' + 'PwE2eTestKey0123456789abcdefghij'.slice(0, 32);
const built = existsSync(join(root, 'dist/renderer/index.html')) && existsSync(join(root, 'dist/electron/cli/index.js'));
const CHROMIUM = toolPath('chromium');

describe.skipIf(!built || missing('chromium').length > 0 || !qpdfOrSkip())('password prompt in the review window (Chromium)', () => {
  let service: Served;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let profileDir: string;

  const api = async (path: string) => (await fetch(service.url + path, { headers: { Authorization: `Bearer ${KEY}` } })).json();

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(join(tmpdir(), 'veracity-e2e-pw-data-'));
    profileDir = mkdtempSync(join(tmpdir(), 'veracity-e2e-pw-profile-'));
    service = await serve(dataDir, KEY);
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM!,
      headless: true,
      viewport: { width: 1440, height: 900 },
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = context.pages()[0] ?? (await context.newPage());
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    await service?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  });

  it('asks for the password of a dropped statement, says a wrong one in place, and opens the check with the right one', async () => {
    const locked = Buffer.from(encrypt(await genuineStatement(), SCHEMES[3]));
    await page.goto(`${service.url}/#key=${KEY}`);
    await page.getByRole('heading', { name: 'Inbox' }).waitFor();
    await page.getByTestId('file-input').setInputFiles([{ name: 'locked-statement.pdf', mimeType: 'application/pdf', buffer: locked }]);
    await expect
      .poll(async () => (await api('/api/v1/document-checks/?limit=10')).data.find((c: { status: string }) => c.status === 'failed')?.error.code, {
        timeout: 60_000,
      })
      .toBe('password_required');
    const failed = (await api('/api/v1/document-checks/?limit=10')).data[0];
    await page.goto(`${service.url}/#/checks/${failed.id}`);

    const dialog = page.getByRole('dialog', { name: 'This PDF needs a password' });
    await dialog.waitFor();
    const input = dialog.getByLabel('Password');
    await expect.poll(() => input.getAttribute('type')).toBe('password');
    await shot(page, '20-password-prompt');

    await input.fill('not-the-password');
    await dialog.getByRole('button', { name: 'Open and check' }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent(), { timeout: 60_000 }).toContain('does not open the file');
    expect(page.url()).toContain(failed.id);
    await shot(page, '21-password-wrong');

    await input.fill(USER_PASSWORD);
    await dialog.getByRole('button', { name: 'Open and check' }).click();
    await expect.poll(() => page.url(), { timeout: 60_000 }).not.toContain(failed.id);
    const newId = decodeURIComponent(page.url().split('/checks/')[1]);
    const check = await api(`/api/v1/document-checks/${newId}/`);
    expect(check).toMatchObject({ status: 'completed', engine: { password_supplied: true }, document: { filename: 'locked-statement.pdf' } });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('locked-statement.pdf');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    // The page viewer opens the encrypted file with the password given in this window.
    await page.locator('.viewer canvas, canvas').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('could not be opened').count()).toBe(0);
    await shot(page, '22-password-opened');
  }, 180_000);
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
}
