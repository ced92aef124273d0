/** The batch progress bar: only on a terminal and for more than one document, on the stream it is given. */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { startProgress } from '../../electron/cli/check/progress.js';

function stream(isTTY: boolean): NodeJS.WriteStream & { text: () => string } {
  const s = new PassThrough() as unknown as NodeJS.WriteStream & { text: () => string };
  let out = '';
  (s as unknown as PassThrough).on('data', (d) => (out += d));
  Object.assign(s, { isTTY, columns: 100, text: () => out });
  return s;
}

describe('check progress bar', () => {
  it('draws the count of documents done, and who failed, on a terminal', async () => {
    const tty = stream(true);
    const bar = await startProgress(3, { stream: tty });
    bar.advance(false);
    bar.advance(true);
    bar.advance(false);
    bar.stop();
    expect(tty.text()).toContain('documents');
    expect(tty.text()).toMatch(/[0-3]\/3 documents/);
  });

  it('stays silent in a pipe and for a single document', async () => {
    for (const [n, s] of [
      [3, stream(false)],
      [1, stream(true)],
    ] as const) {
      const bar = await startProgress(n, { stream: s });
      bar.advance(false);
      bar.stop();
      expect(s.text()).toBe('');
    }
  });
});
