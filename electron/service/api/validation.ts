/**
 * zod at the edge: every body and query is parsed by a schema; the first problem becomes a 400
 * that names the field. Unknown fields are stripped (ignored), as DECISIONS requires.
 */
import { z } from 'zod';
import { invalidRequest } from './errors.js';

function fieldName(path: PropertyKey[]): string {
  return path.map(String).join('.') || 'body';
}

export function describeIssue(issue: z.core.$ZodIssue): { code: string; message: string } {
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

/** Form fields arrive as strings; an empty optional form field means "not given". */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An integer query parameter (digits only, so `1.5`, `1e2` and `abc` are rejected). */
export function integerParam(min: number, max: number) {
  return z
    .string({ error: 'must be a single value' })
    .regex(/^-?\d+$/, { error: `must be an integer between ${min} and ${max}` })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: `must be an integer between ${min} and ${max}` }).max(max, { error: `must be an integer between ${min} and ${max}` }));
}

export function booleanParam() {
  return z
    .string({ error: 'must be true or false' })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }))
    .transform((v) => v === 'true' || v === '1');
}

export function httpUrl(what: string) {
  return z.string({ error: `must be a string (an http or https URL)` }).refine(
    (value) => {
      try {
        const u = new URL(value);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: `${what} must be an absolute http or https URL` },
  );
}
