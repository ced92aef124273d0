/**
 * Fuzz finding: a page step cut by its timeout rejected later (pdf.js, once the document was
 * destroyed) with no handler, and the unhandled rejection killed the analysis worker while it was
 * already on the next document.
 */
import { describe, expect, it } from 'vitest';
import { withTimeout } from '../../../../../engine/read/pdf/text/index.js';

describe('page step timeout', () => {
  it('a step that rejects after its timeout leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Worker was destroyed')), 50));
      await expect(withTimeout(late, 10)).rejects.toThrow(/exceeded 10 ms/);
      await new Promise((r) => setTimeout(r, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('passes a step that finishes in time through', async () => {
    expect(await withTimeout(Promise.resolve(7), 1000)).toBe(7);
  });
});
