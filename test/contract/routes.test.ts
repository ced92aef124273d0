/**
 * The routes table (contract/routes.ts) is where every method and path is written: each route is
 * one operation of the OpenAPI table and each operation one route, and a filled-in path encodes
 * its parameters.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../contract/operations.js';
import { pathOf, ROUTES } from '../../contract/routes.js';

describe('contract routes', () => {
  it('are the operations, one for one, with the same method and path', () => {
    expect(OPERATIONS.map((op) => op.id)).toEqual(Object.keys(ROUTES));
    for (const op of OPERATIONS) expect({ method: op.method, path: op.path }, op.id).toEqual(ROUTES[op.id]);
  });

  it('fill in path parameters, URL-encoded', () => {
    expect(pathOf('getDocumentCheck', { id: 'chk_1' })).toBe('/api/v1/document-checks/chk_1/');
    expect(pathOf('revokeKey', { id: 'a/b c' })).toBe('/dashboard/v1/keys/a%2Fb%20c');
    expect(pathOf('listRules', {})).toBe('/api/v1/rules/');
  });

  it('refuse a path parameter left out', () => {
    expect(() => pathOf('getRule', {} as { id: string })).toThrow(/getRule: no value for path parameter id/);
  });
});
