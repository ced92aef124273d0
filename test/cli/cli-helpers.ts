/** Running the real `veracity` binary (bin/veracity.js -> dist/) as a child process. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/veracity.js', import.meta.url));

/** Quiet logs, and no machine policy.json reaching the tests. */
const HERMETIC = { VERACITY_LOG_LEVEL: 'warn', VERACITY_POLICY_FILE: '/nonexistent/veracity-test-policy.json' };

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string> = {}, timeoutMs = 60_000): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...HERMETIC, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`veracity ${args.join(' ')} timed out; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process has exited. */
  exited: Promise<number | null>;
}

/** Starts `veracity serve` and resolves once it printed its `listening` line. */
export function serve(args: string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<ServeProcess> {
  return serveWith([BIN, 'serve', '--port', '0', ...args], env, timeoutMs);
}

/** Runs `node ...argv` (a script that prints `listening URL` once it serves) and resolves once it does. */
export function serveWith(argv: string[], env: Record<string, string> = {}, timeoutMs = 30_000): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { env: { ...process.env, ...HERMETIC, ...env } });
    let stdout = '';
    let stderr = '';
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start; stderr: ${stderr}`));
    }, timeoutMs);
    child.stderr!.on('data', (c) => (stderr += c));
    child.stdout!.on('data', (c) => {
      stdout += c;
      const m = /^listening (http:\/\/\S+)\n/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1], stdout: () => stdout, stderr: () => stderr, exited });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening; stderr: ${stderr}`));
    });
  });
}
