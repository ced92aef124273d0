/**
 * Building blocks of request schemas. Form fields and query values arrive as strings, so these
 * parse strings; each carries the words of the 400 a client gets when its value is wrong.
 */
import { z } from 'zod';

/** An empty optional form field means "not given". */
export const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** An integer query parameter (digits only, so `1.5`, `1e2` and `abc` are rejected). */
export function integerParam(min: number, max: number) {
  const words = `must be an integer between ${min} and ${max}`;
  return z
    .string({ error: 'must be a single value' })
    .regex(/^-?\d+$/, { error: words })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: words }).max(max, { error: words }));
}

export function booleanParam() {
  return z
    .string({ error: 'must be true or false' })
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }))
    .transform((v) => v === 'true' || v === '1');
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

export function httpUrl(what: string) {
  return z.string({ error: `must be a string (an http or https URL)` }).refine(isHttpUrl, { error: `${what} must be an absolute http or https URL` });
}
