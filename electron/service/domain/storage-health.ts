/**
 * Whether the disk under the data folder takes writes, as the service's last writes found it. A
 * full disk fails writes while reads go on answering, so without this the health probe said
 * `ok` while checks could not be stored; it now says `degraded` and why until a write succeeds.
 */
import type { StorageError } from './storage-error.js';

export interface StorageFailure {
  message: string;
  /** When the writes started failing (ISO 8601). */
  since: string;
}

export class StorageHealth {
  private failure: StorageFailure | null = null;

  constructor(private readonly now: () => Date = () => new Date()) {}

  /** A write was refused by the disk; the first failure's time is kept, the latest message shown. */
  failed(err: StorageError): void {
    this.failure = { message: err.message, since: this.failure?.since ?? this.now().toISOString() };
  }

  /** A write went through: the disk takes writes again. */
  recovered(): void {
    this.failure = null;
  }

  /** null while writes succeed. */
  current(): StorageFailure | null {
    return this.failure;
  }
}
