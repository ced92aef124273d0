/**
 * DNS rebinding defence and framing headers (DECISIONS "Host header"). A web page on another
 * site can make a browser send requests to 127.0.0.1 under its own name; refusing every Host
 * but the bound address, localhost and 127.0.0.1 (with the bound port) or a name given by
 * `--allowed-host` closes that door, for the API and the UI alike.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { ApiError } from '../http/errors.js';

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "frame-ancestors 'none'",
};

export function setSecurityHeaders(res: ServerResponse): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
}

const bracket = (host: string) => (isIP(host) === 6 ? `[${host}]` : host);

export class HostGuard {
  private allowed = new Set<string>();

  /** `allowedHosts`: extra names, with or without a port (without: the bound port). */
  constructor(private readonly allowedHosts: readonly string[] = []) {}

  /** Called once the server listens: the port is known only then (port 0 picks one). */
  bind(address: string, port: number): void {
    const names = new Set(['localhost', '127.0.0.1', '[::1]', bracket(address)]);
    const allowed = new Set<string>();
    for (const name of names) allowed.add(`${name}:${port}`.toLowerCase());
    for (const extra of this.allowedHosts) {
      const lower = extra.trim().toLowerCase();
      if (!lower) continue;
      allowed.add(/:\d+$/.test(lower) && !/^[^[]*:.*:/.test(lower) ? lower : `${bracket(lower)}:${port}`);
    }
    this.allowed = allowed;
  }

  /** The error to answer with, or null when the request's Host is allowed. */
  check(req: IncomingMessage): ApiError | null {
    if (this.allowed.size === 0) return null;
    const host = (req.headers.host ?? '').toLowerCase();
    if (this.allowed.has(host)) return null;
    return new ApiError(
      400,
      'invalid_request_error',
      'host_not_allowed',
      `The Host header '${host.slice(0, 100)}' is not one this service answers to; use the address it listens on, or start it with --allowed-host.`,
    );
  }
}
