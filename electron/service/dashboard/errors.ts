import type { Response } from 'express';

type ErrorType = 'invalid_request_error' | 'authentication_error' | 'permission_error' | 'not_found_error' | 'api_error';

const STATUS: Record<ErrorType, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  api_error: 500,
};

/** The same envelope as the v1 API (SPEC "Errors"), so the renderer has one error path. */
export function sendError(res: Response, type: ErrorType, code: string, message: string): void {
  res.status(STATUS[type]).json({ error: { type, code, message } });
}
