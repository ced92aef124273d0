import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IncomingFile, SNIFF_BYTES } from '../../electron/service/store/uploads.js';
import { FileTooLargeError } from '../../electron/service/domain/storage-error.js';
import { tempDir } from './helpers.js';

describe('IncomingFile: an upload streamed to disk and hashed in one pass', () => {
  it('returns the sha256 of exactly the bytes on disk, the size and the head, once the file is flushed and closed', async () => {
    const bytes = randomBytes(3 * 64 * 1024 + 17);
    const file = new IncomingFile(join(tempDir(), 'upload.part'), 10 * 1024 * 1024);
    // Uneven chunks, as a multipart parser hands them over.
    for (let at = 0; at < bytes.length; at += 40_000) await file.write(bytes.subarray(at, at + 40_000));
    const done = await file.finish();
    expect(done.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(done.size).toBe(bytes.length);
    expect(done.head.equals(bytes.subarray(0, SNIFF_BYTES))).toBe(true);
    expect(readFileSync(file.tempPath).equals(bytes)).toBe(true);
  });

  it('refuses bytes past its limit and leaves nothing behind once discarded', async () => {
    const file = new IncomingFile(join(tempDir(), 'big.part'), 1000);
    await file.write(Buffer.alloc(600));
    await expect(file.write(Buffer.alloc(600))).rejects.toBeInstanceOf(FileTooLargeError);
    await file.discard();
    expect(existsSync(file.tempPath)).toBe(false);
  });
});
