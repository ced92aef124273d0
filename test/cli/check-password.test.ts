/**
 * `veracity check` with password-protected PDFs: --password-file opens them (and is ignored by
 * files that need none), a missing or wrong password leaves the check failed with its code, and
 * on a terminal the prompt (replaced here by a scripted one) asks until the file opens.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentCheck } from '../../contract/check.js';
import { checkWithPassword, PROMPT_ATTEMPTS, readPasswordFile, type PasswordPrompt } from '../../electron/cli/check/password.js';
import { genuineStatement } from '../engine/read/pdf/text/fixtures.js';
import { encrypt, qpdfOrSkip, SCHEMES, USER_PASSWORD } from '../engine/read/pdf/encryption/fixtures.js';
import { tempDir } from '../service/helpers.js';
import { runCli } from './cli-helpers.js';

const failed = (code: string) => ({ status: 'failed', error: { type: 'api_error', code, message: code } }) as unknown as DocumentCheck;
const completed = { status: 'completed', error: null } as unknown as DocumentCheck;

/** A scripted prompt: answers in order, recording the questions. */
function scripted(answers: Array<string | null>): PasswordPrompt & { questions: string[] } {
  const questions: string[] = [];
  return {
    questions,
    ask: (q) => {
      questions.push(q);
      return Promise.resolve(answers.shift() ?? null);
    },
  };
}

describe('checkWithPassword', () => {
  const engine = (right: string) => (pw?: string) =>
    Promise.resolve(pw === undefined ? failed('password_required') : pw === right ? completed : failed('password_incorrect'));

  it('asks when the file needs a password, and again when the answer does not open it', async () => {
    const prompt = scripted(['typo', 'secret']);
    const check = await checkWithPassword(engine('secret'), { filename: 'statement.pdf', prompt });
    expect(check.status).toBe('completed');
    expect(prompt.questions).toEqual(['statement.pdf needs a password to open: ', 'That password does not open statement.pdf; try again: ']);
  });

  it('uses the given password first and asks only when it fails', async () => {
    const prompt = scripted(['secret']);
    expect((await checkWithPassword(engine('secret'), { filename: 'a.pdf', password: 'secret', prompt })).status).toBe('completed');
    expect(prompt.questions).toEqual([]);
    expect((await checkWithPassword(engine('secret'), { filename: 'a.pdf', password: 'old', prompt })).status).toBe('completed');
    expect(prompt.questions).toHaveLength(1);
  });

  it('stops when nobody answers, after a few attempts, and without a terminal', async () => {
    expect((await checkWithPassword(engine('secret'), { filename: 'a.pdf', prompt: scripted([null]) })).error?.code).toBe('password_required');
    const stubborn = scripted(Array(10).fill('wrong'));
    expect((await checkWithPassword(engine('secret'), { filename: 'a.pdf', prompt: stubborn })).error?.code).toBe('password_incorrect');
    expect(stubborn.questions).toHaveLength(PROMPT_ATTEMPTS);
    expect((await checkWithPassword(engine('secret'), { filename: 'a.pdf', prompt: null })).error?.code).toBe('password_required');
  });
});

describe('readPasswordFile', () => {
  const dir = tempDir('veracity-pw-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes the first line without its newline, and refuses an empty or missing file', async () => {
    writeFileSync(join(dir, 'pw'), 'pa ss\r\n');
    expect(await readPasswordFile(join(dir, 'pw'))).toBe('pa ss');
    writeFileSync(join(dir, 'empty'), '\n');
    await expect(readPasswordFile(join(dir, 'empty'))).rejects.toThrow(/empty/);
    await expect(readPasswordFile(join(dir, 'missing'))).rejects.toThrow(/cannot be read/);
  });
});

describe.skipIf(!qpdfOrSkip())('veracity check --password-file', () => {
  const dir = tempDir('veracity-pw-cli-');
  let locked: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    locked = join(dir, 'statement.pdf');
    writeFileSync(locked, encrypt(await genuineStatement(), SCHEMES[2]));
    writeFileSync(join(dir, 'right'), `${USER_PASSWORD}\n`);
    writeFileSync(join(dir, 'wrong'), 'nope-nope\n');
  });

  it('opens the file with the password from the file, and prints no password', async () => {
    const r = await runCli(['check', '--json', '--password-file', join(dir, 'right'), locked]);
    expect(r.code).toBe(0);
    const check = JSON.parse(r.stdout.trim()) as DocumentCheck;
    expect(check).toMatchObject({ status: 'completed', engine: { password_supplied: true } });
    expect(r.stdout + r.stderr).not.toContain(USER_PASSWORD);
  }, 90_000);

  it('fails password_required without one (no terminal to ask) and password_incorrect with a wrong one', async () => {
    const missing = await runCli(['check', '--json', locked]);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout.trim())).toMatchObject({ status: 'failed', error: { code: 'password_required' } });
    const wrong = await runCli(['check', '--password-file', join(dir, 'wrong'), locked]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(/password_incorrect|password given does not open/);
    expect(wrong.stdout + wrong.stderr).not.toContain('nope-nope');
  }, 90_000);

  it('refuses an empty password file as a usage error', async () => {
    writeFileSync(join(dir, 'blank'), '');
    const r = await runCli(['check', '--password-file', join(dir, 'blank'), locked]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the file is empty');
  });
});
