/**
 * A failure of the disk under the data folder (full, read-only, gone): reported to the client as a
 * 500 `api_error` that names the cause, never as a crash. Messages carry no absolute paths.
 * Here, below the store and the HTTP layer, because the store raises these and the HTTP layer answers them.
 */
const CAUSES: Record<string, string> = {
  ENOSPC: 'no space is left on the disk holding the data folder',
  EDQUOT: 'the disk quota of the data folder is exhausted',
  EROFS: 'the data folder is on a read-only file system',
  EACCES: 'the service may not write to its data folder (permission denied)',
  EPERM: 'the service may not write to its data folder (operation not permitted)',
  ENOENT: 'a folder inside the data folder has disappeared',
  ENOTDIR: 'a folder inside the data folder has been replaced by a file',
  EMFILE: 'the service has too many open files',
  ENFILE: 'the system has too many open files',
  EIO: 'the disk reported an input/output error',
  SQLITE_FULL: 'no space is left on the disk holding the database',
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_IOERR: 'the disk reported an input/output error while writing the database',
};

export class StorageError extends Error {
  constructor(
    readonly code: string,
    what: string,
  ) {
    super(`${what}: ${CAUSES[code] ?? 'the disk could not be written'} (${code}).`);
    this.name = 'StorageError';
  }
}

/** The errno-style code of a file-system or SQLite failure, or null for anything else. */
export function storageCode(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code in CAUSES) return code;
  if (code.startsWith('SQLITE_IOERR')) return 'SQLITE_IOERR';
  return null;
}

/** `err` as a StorageError when it is a disk failure; otherwise unchanged. */
export function asStorageError(err: unknown, what: string): unknown {
  if (err instanceof StorageError) return err;
  const code = storageCode(err);
  return code ? new StorageError(code, what) : err;
}

/** An upload past the size limit (multipart or URL): the API answers 413 `file_too_large`. */
export class FileTooLargeError extends Error {
  constructor(public readonly limit: number) {
    super(`The file is larger than the ${Math.round(limit / 1024 / 1024)} MiB limit.`);
  }
}
