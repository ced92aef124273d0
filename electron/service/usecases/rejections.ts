/**
 * How a use case turns a request down without knowing about HTTP: the HTTP layer answers a
 * Rejected with 400 `invalid_request_error`, a Missing with 404 `resource_missing` and a Busy
 * with 429 `rate_limit_error`, with these codes and messages as they are (http/errors.ts).
 */
import type { ApiErrorCode } from '../../../contract/enums.js';

/** The request asks for something the workspace does not allow (a bad condition, pinned setting...). */
export class Rejected extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'Rejected';
  }
}

/** The thing the request names is not there (or went away while the change was being made). */
export class Missing extends Error {
  constructor(
    readonly what: string,
    readonly id: string,
  ) {
    super(`No such ${what}: '${id}'.`);
    this.name = 'Missing';
  }
}

/** The caller already has as much of this work in flight as one key may; it can retry shortly. */
export class Busy extends Error {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = 'Busy';
  }
}
