/**
 * Mistakes in how `veracity` is called get one plain line (no stack, no full help) and exit code
 * 2; a service that cannot start says why in words and exits 1.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../service/helpers.js';
import { runCli } from './cli-helpers.js';

const servers: Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

function plain(stderr: string): void {
  expect(stderr).not.toMatch(/^\s+at /m); // no stack trace
  expect(stderr).not.toContain('Usage:'); // no help dump
  expect(stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
}

describe('usage errors', () => {
  it.each([
    [['serve', '--port', '99999'], /--port must be between 0 and 65535/],
    [['serve', '--port', '-1'], /unknown option|--port must be a whole number/],
    [['serve', '--port', 'http'], /--port must be a whole number/],
    [['serve', '--workers', '0'], /--workers must be at least 1/],
    [['serve', '--bogus'], /unknown option '--bogus'/],
    [['check', 'x.pdf', '--mode', 'wild'], /mode must be one of normal, strict, lenient/],
    [['check'], /missing required argument/],
    [['no-such-command'], /unknown command/],
  ])('veracity %j', async (args, message) => {
    const res = await runCli(args as string[], { VERACITY_DATA_DIR: tempDir('veracity-usage-') });
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(message);
    plain(res.stderr);
  });

  it('--help and --version still exit 0', async () => {
    expect((await runCli(['serve', '--help'])).code).toBe(0);
    expect((await runCli(['--version'])).code).toBe(0);
  });

  it('says in words that the port is taken', async () => {
    const taken = createServer().listen(0, '127.0.0.1');
    servers.push(taken);
    await new Promise((r) => taken.once('listening', r));
    const port = (taken.address() as { port: number }).port;
    const res = await runCli(['serve', '--port', String(port), '--data-dir', tempDir('veracity-usage-')]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    plain(res.stderr);
  });
});
