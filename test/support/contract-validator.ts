/**
 * Validates a response the tests received against the OpenAPI document the service serves
 * (contract/openapi.ts), with a JSON Schema 2020-12 validator independent of zod. A route missing
 * from the document, a status it does not list, or a body that does not match is an error.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ValidateFunction } from 'ajv';
import { openApiDocument } from '../../contract/openapi.js';

type Json = Record<string, any>;

const DOC = openApiDocument() as Json;
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema({ ...DOC, $id: 'openapi.json' });

const compiled = new Map<string, ValidateFunction>();
function validatorFor(ref: string): ValidateFunction {
  let v = compiled.get(ref);
  if (!v) {
    v = ajv.compile({ $ref: `openapi.json${ref}` });
    compiled.set(ref, v);
  }
  return v;
}

const ROUTES = Object.keys(DOC.paths).map((path) => ({
  path,
  // `{id}` matches one segment; the trailing slash is optional, as the service treats it.
  pattern: new RegExp(`^${path.replace(/\/$/, '').replace(/\{\w+\}/g, '[^/]+')}/?$`),
}));

export interface ReceivedResponse {
  method: string;
  url: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

/** Throws with the mismatch when the response does not follow the contract. */
export function assertMatchesContract(r: ReceivedResponse): void {
  const path = new URL(r.url, 'http://x').pathname;
  if (!path.startsWith('/api/v1') && !path.startsWith('/dashboard/v1')) return;
  const method = r.method.toLowerCase();
  if (method === 'head' || method === 'options') return;
  const route = ROUTES.find((x) => x.pattern.test(path));
  const operation = route ? (DOC.paths[route.path][method] as Json | undefined) : undefined;
  const where = `${r.method} ${path} -> ${r.status}`;
  if (!operation) {
    // Unknown routes and methods are answered with the error envelope; a success there is undocumented.
    if (r.status < 400) throw new Error(`contract: ${where} is a success on a route the OpenAPI document does not list`);
    return check(where, '#/components/schemas/Error', r.body);
  }
  const response = operation.responses[String(r.status)] ?? operation.responses[`${String(r.status)[0]}XX`];
  if (!response) throw new Error(`contract: ${where}: status ${r.status} is not documented for this operation`);
  const content = (response.$ref ? DOC.components.responses.Error.content : response.content) as Json;
  const json = content['application/json'];
  if (!json) {
    const type = (r.contentType ?? '').split(';')[0].trim();
    if (!content[type]) throw new Error(`contract: ${where}: content type '${type}' is not documented (${Object.keys(content).join(', ')})`);
    return;
  }
  if (!(r.contentType ?? '').includes('application/json')) throw new Error(`contract: ${where}: expected JSON, got '${r.contentType}'`);
  check(where, json.schema.$ref as string, r.body);
}

/** Throws when `body` does not match the named component schema (e.g. `DocumentCheck` printed by `veracity check --json`). */
export function assertMatchesComponent(name: string, body: unknown): void {
  if (!DOC.components.schemas[name]) throw new Error(`contract: no component '${name}'`);
  check(name, `#/components/schemas/${name}`, body);
}

function check(where: string, ref: string, body: unknown): void {
  const validate = validatorFor(ref);
  if (validate(body)) return;
  const problems = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  throw new Error(`contract: ${where} does not match ${ref.split('/').pop()}:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(body).slice(0, 600)}`);
}
