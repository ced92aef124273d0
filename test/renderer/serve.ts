/** Runs `node bin/veracity.js serve` as the user would, and waits for its `listening` line. */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Served {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function serve(dataDir: string, bootstrapKey: string, timeoutMs = 30_000): Promise<Served> {
  const child = spawn(process.execPath, ['bin/veracity.js', 'serve', '--port', '0', '--data-dir', dataDir, '--workers', '1'], {
    cwd: root,
    env: { ...process.env, VERACITY_BOOTSTRAP_KEY: bootstrapKey, VERACITY_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`veracity serve did not start: ${stderr}`)), timeoutMs);
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ url: m[1], child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`veracity serve exited with ${code}: ${stderr}`));
    });
  });
}
