/**
 * Regression (issue 29, item 9): `/dashboard/v1/about` showed the data folder's absolute path
 * (the machine's user name, where every record and file lies) to any key, viewers included.
 * Only the roles that manage the workspace (owner, admin) see it; the others get null.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertWorkerBuilt, startTestService, type TestService } from '../helpers.js';

let svc: TestService;
const keys: Record<string, string> = {};

beforeAll(async () => {
  assertWorkerBuilt();
  svc = await startTestService();
  for (const role of ['admin', 'analyst', 'viewer']) {
    const created = await svc.api('/dashboard/v1/keys', { json: { role, name: role } });
    keys[role] = created.body.key as string;
  }
});
afterAll(() => svc?.close());

describe('the data folder in /dashboard/v1/about', () => {
  it.each(['owner', 'admin'])('is shown to the %s role', async (role) => {
    const about = await svc.api('/dashboard/v1/about', { key: role === 'owner' ? svc.key : keys[role] });
    expect(about.status).toBe(200);
    expect(about.body.data_dir).toBe(svc.dataDir);
  });

  it.each(['analyst', 'viewer'])('is withheld from the %s role, the rest of About unchanged', async (role) => {
    const about = await svc.api('/dashboard/v1/about', { key: keys[role] });
    const owners = await svc.api('/dashboard/v1/about');
    expect(about.status).toBe(200);
    expect(about.body.data_dir).toBeNull();
    expect(JSON.stringify(about.body)).not.toContain(svc.dataDir);
    expect({ ...about.body, data_dir: owners.body.data_dir }).toEqual(owners.body);
  });
});
