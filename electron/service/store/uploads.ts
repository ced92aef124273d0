/**
 * Uploaded files, content-addressed by sha256 under <data>/uploads/ab/abcdef...: identical files
 * are stored once. A file is fsynced and renamed into place before its check is created, so
 * anything the API acknowledged is on disk.
 */
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, type WriteStream } from 'node:fs';
import { readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sql } from '../db/sql.js';
import { nowIso, randomBase62 } from './ids.js';
import { FileTooLargeError, asStorageError } from '../domain/storage-error.js';

const WHAT = 'The upload could not be stored';

/** Bytes kept from the start of a file for magic-byte sniffing (PDF headers may sit in the first KiB). */
export const SNIFF_BYTES = 1024;

/**
 * A file being written to the temp folder: hashed and size-checked as bytes arrive. The stream's
 * errors (the temp folder cannot be opened, the disk is full) are kept and thrown by the next
 * write or finish as a StorageError: an 'error' event without a listener would kill the process.
 */
export class IncomingFile {
  private readonly hash = createHash('sha256');
  private readonly out: WriteStream;
  private head = Buffer.alloc(0);
  private failure: unknown = null;
  /** The last write not yet accepted by the stream: finish() must not end the stream under it. */
  private writing: Promise<void> = Promise.resolve();
  size = 0;

  constructor(
    readonly tempPath: string,
    private readonly maxBytes: number,
  ) {
    // `flush`: the descriptor is fsynced as the stream closes, so finish() needs no second open.
    this.out = createWriteStream(tempPath, { flags: 'wx', flush: true });
    this.out.on('error', (err) => {
      this.failure ??= asStorageError(err, WHAT);
    });
  }

  /** Waits for the disk to keep up (backpressure); throws FileTooLargeError past the limit. */
  write(chunk: Buffer): Promise<void> {
    const written = this.writeNow(chunk);
    this.writing = written.catch(() => {});
    return written;
  }

  private async writeNow(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    if (this.out.writableEnded) throw new Error('IncomingFile.write after finish');
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new FileTooLargeError(this.maxBytes);
    this.hash.update(chunk);
    if (this.head.length < SNIFF_BYTES) this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    if (!this.out.write(chunk)) await this.settle('drain');
  }

  /** Flushes to disk; returns the hex sha256 and the first bytes. */
  async finish(): Promise<{ sha256: string; size: number; head: Buffer }> {
    // A stream ended while a write waits for 'drain' never drains: it finishes and closes, and
    // that write would report the close as EIO. So the last write lands first.
    await this.writing;
    if (this.failure) throw this.failure;
    this.out.end();
    // 'close' comes after the flush-and-close of the descriptor: then the bytes are on disk.
    await this.settle('close');
    return { sha256: this.hash.digest('hex'), size: this.size, head: this.head };
  }

  /** Resolves on `event`; rejects with the stream's failure if it errors or closes first. */
  private settle(event: 'drain' | 'close'): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      const done = () => {
        this.out.off(event, onEvent);
        this.out.off('error', onFailure);
        this.out.off('close', onFailure);
      };
      const onEvent = () => {
        done();
        resolve();
      };
      // Listeners run in order: the constructor's has recorded `failure` before this one runs.
      const onFailure = () => {
        done();
        reject(this.failure ?? asStorageError(Object.assign(new Error('closed'), { code: 'EIO' }), WHAT));
      };
      this.out.once(event, onEvent);
      this.out.once('error', onFailure);
      this.out.once('close', onFailure);
    });
  }

  async discard(): Promise<void> {
    // Wait for the descriptor to close: the file may otherwise be (re)created by a pending open.
    if (!this.out.closed) {
      const closed = new Promise<void>((resolve) => this.out.once('close', () => resolve()));
      this.out.destroy();
      await closed;
    }
    await rm(this.tempPath, { force: true }).catch(() => {});
  }
}

export class UploadStore {
  readonly tmpDir: string;
  readonly filesDir: string;
  /** Files committed by a submit whose check row is not written yet: deletion must leave them. */
  private readonly held = new Map<string, number>();

  constructor(
    private readonly sql: Sql,
    dataDir: string,
    filesDir?: string,
  ) {
    this.tmpDir = join(dataDir, 'tmp');
    this.filesDir = filesDir ?? join(dataDir, 'uploads');
    mkdirSync(this.tmpDir, { recursive: true });
    mkdirSync(this.filesDir, { recursive: true });
  }

  /** Never throws: a temp folder that cannot be written fails the first write or finish. */
  begin(maxBytes: number): IncomingFile {
    return new IncomingFile(join(this.tmpDir, `${Date.now()}-${randomBase62(12)}.part`), maxBytes);
  }

  pathFor(sha256: string): string {
    return join(this.filesDir, sha256.slice(0, 2), sha256);
  }

  /** Moves a finished temp file into its content address and records it. */
  async commit(tempPath: string, sha256: string, size: number, mimeType: string): Promise<string> {
    const target = this.pathFor(sha256);
    this.held.set(sha256, (this.held.get(sha256) ?? 0) + 1);
    try {
      if (existsSync(target)) {
        await rm(tempPath, { force: true });
      } else {
        mkdirSync(join(this.filesDir, sha256.slice(0, 2)), { recursive: true });
        await rename(tempPath, target);
      }
    } catch (err) {
      this.release(sha256);
      throw asStorageError(err, WHAT);
    }
    await this.sql.run('INSERT INTO uploads (sha256, size_bytes, mime_type, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [
      sha256,
      size,
      mimeType,
      nowIso(),
    ]);
    // A file removed by retention and sent again is stored again.
    await this.sql.run('DELETE FROM uploads_deleted WHERE sha256 = ?', [sha256]);
    return target;
  }

  /** Ends the hold `commit` took, once the check naming the file is written (or was not). */
  release(sha256: string): void {
    const n = (this.held.get(sha256) ?? 0) - 1;
    if (n > 0) this.held.set(sha256, n);
    else this.held.delete(sha256);
  }

  isHeld(sha256: string): boolean {
    return this.held.has(sha256);
  }

  exists(sha256: string): boolean {
    return existsSync(this.pathFor(sha256));
  }

  read(sha256: string): Promise<Buffer> {
    return readFile(this.pathFor(sha256));
  }

  /**
   * Temp files left by a crash mid-upload belong to no check. Only old ones are removed, so a
   * second process on the same folder (e.g. `veracity check` reading settings) loses nothing.
   */
  async sweepTemp(olderThanMs = 60 * 60 * 1000): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.tmpDir)) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (info && Date.now() - info.mtimeMs > olderThanMs) {
        await rm(path, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}
