/**
 * Passwords for `veracity check`: one from `--password-file` (for every file given; files that
 * open without one ignore it), and, on a terminal, a prompt (no echo) when a file needs one or the
 * one given does not open it. The prompt is an interface so tests can answer it; the password is
 * handed to the analysis only, never printed or put in the output.
 */
import { readFile } from 'node:fs/promises';
import type { DocumentCheck } from '../../../contract/check.js';
import { UsageError } from '../usage-error.js';

/** Asks for a password; null when the user gives none (an empty line, Ctrl-C or Ctrl-D). */
export interface PasswordPrompt {
  ask(question: string): Promise<string | null>;
}

/** Tries to open one file this many times on a terminal before leaving it failed. */
export const PROMPT_ATTEMPTS = 3;

/** The first line of the file (a trailing newline is how editors and `echo` end it, not part of the password). */
export async function readPasswordFile(path: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    throw new UsageError(`--password-file ${path}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  const password = text.replace(/\r?\n$/, '');
  if (!password) throw new UsageError(`--password-file ${path}: the file is empty.`);
  if (/[\r\n]/.test(password)) throw new UsageError(`--password-file ${path}: put the password alone on one line.`);
  return password;
}

const needsPassword = (check: DocumentCheck) =>
  check.status === 'failed' && (check.error?.code === 'password_required' || check.error?.code === 'password_incorrect');

/**
 * Runs the check with the given password; while it fails for want of the right one and there is
 * someone to ask, asks and runs it again.
 */
export async function checkWithPassword(
  run: (password?: string) => Promise<DocumentCheck>,
  { filename, password, prompt }: { filename: string; password?: string; prompt: PasswordPrompt | null },
): Promise<DocumentCheck> {
  let check = await run(password);
  for (let attempt = 0; prompt && needsPassword(check) && attempt < PROMPT_ATTEMPTS; attempt++) {
    const again = check.error?.code === 'password_incorrect';
    const given = await prompt.ask(again ? `That password does not open ${filename}; try again: ` : `${filename} needs a password to open: `);
    if (!given) break;
    check = await run(given);
  }
  return check;
}

/**
 * A prompt on this terminal with no echo, one question at a time (checks run in parallel), or
 * null when stdin is not a terminal (a pipe or a script: nobody to ask).
 */
export function terminalPrompt(input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): PasswordPrompt | null {
  if (!input.isTTY) return null;
  let turn: Promise<unknown> = Promise.resolve();
  return {
    ask(question) {
      const answer = turn.then(() => askHidden(input, output, question));
      turn = answer.catch(() => undefined);
      return answer;
    },
  };
}

function askHidden(input: NodeJS.ReadStream, output: NodeJS.WriteStream, question: string): Promise<string | null> {
  return new Promise((resolve) => {
    output.write(question);
    let value = '';
    const finish = (answer: string | null) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      output.write('\n');
      resolve(answer);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of String(chunk)) {
        if (ch === '\r' || ch === '\n') return finish(value || null);
        if (ch === '\u0003' || ch === '\u0004') return finish(null);
        if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('');
        else if (ch >= ' ') value += ch;
      }
    };
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.on('data', onData);
    input.resume();
  });
}
