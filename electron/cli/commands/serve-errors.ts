/**
 * Why `veracity serve` could not start, in words a user can act on (the raw errors name system
 * calls: `listen EADDRINUSE`, `getaddrinfo ENOTFOUND`, `EACCES`).
 */
import { UsageError } from '../usage-error.js';

export function explainStartFailure(err: unknown, opts: { host: string; port: number }): Error {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  const where = `${opts.host}:${opts.port}`;
  switch (code) {
    case 'EADDRINUSE':
      return new Error(`port ${opts.port} on ${opts.host} is already in use; choose another --port (0 picks a free one).`);
    case 'EACCES':
      return new Error(`not allowed to listen on ${where} (ports below 1024 need extra rights); choose another --port.`);
    case 'EADDRNOTAVAIL':
      return new UsageError(`--host ${opts.host} is not an address of this machine.`);
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new UsageError(`--host ${opts.host} is not a known host name or address.`);
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}
