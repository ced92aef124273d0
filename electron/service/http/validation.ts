/**
 * zod at the edge: every body and query is parsed by a schema of the contract (contract/); the first problem becomes a 400
 * that names the field. Unknown fields are stripped (ignored), as DECISIONS requires.
 */
import type { z } from 'zod';
import { invalidRequest } from './errors.js';

function fieldName(path: PropertyKey[]): string {
  return path.map(String).join('.') || 'body';
}

export function describeIssue(issue: z.core.$ZodIssue): { code: 'parameter_missing' | 'invalid_body' | 'parameter_invalid'; message: string } {
  const field = fieldName(issue.path);
  // Parsed with reportInput, so an issue without `input` is about a key that was not sent.
  if (issue.code === 'invalid_type' && !('input' in issue) && issue.path.length > 0) {
    return { code: 'parameter_missing', message: `Missing required parameter: '${field}'.` };
  }
  const detail = issue.message.replace(/^Invalid (input|option): /, '').replace(/\.$/, '');
  if (field === 'body') return { code: 'invalid_body', message: `The request body must be a JSON object (${detail}).` };
  return { code: 'parameter_invalid', message: `Invalid '${field}': ${detail}.` };
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (result.success) return result.data;
  const { code, message } = describeIssue(result.error.issues[0]);
  throw invalidRequest(code, message);
}
