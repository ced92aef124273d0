/**
 * How a use case turns a request down without knowing about HTTP: the HTTP layer answers a
 * Rejected with 400 `invalid_request_error` and a Missing with 404 `resource_missing`, with these
 * codes and messages as they are (http/errors.ts).
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
