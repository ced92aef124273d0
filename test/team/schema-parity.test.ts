/**
 * One schema for both back ends (db/migrations.ts): a fresh SQLite workspace and a fresh
 * PostgreSQL database, each migrated to the end, hold the same tables, columns (name, order,
 * type family, NOT NULL), keys and indexes (skipped with one line when PostgreSQL is absent);
 * and the history each records stays as shipped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, PG_MIGRATIONS } from '../../electron/service/db/migrations.js';
import { openDatabase } from '../../electron/service/db/open.js';
import { PostgresSql } from '../../electron/service/db/postgres.js';
import { postgresShape, sqliteShape } from '../support/schema-shape.js';
import { startPostgres, type PgCluster } from '../support/postgres.js';

describe('the migration history each back end records', () => {
  // Workspaces and team databases hold these versions in schema_migrations: a renumbered or
  // renamed migration would run again (or never) on them.
  it('stays as shipped', () => {
    expect(MIGRATIONS.map((m) => [m.version, m.name])).toEqual([
      [1, 'initial'],
      [2, 'checks_rendered_json'],
      [3, 'audit_log_and_retention'],
      [4, 'checks_one_stored_form'],
      [5, 'library'],
      [6, 'queue_leases'],
      [7, 'password_supplied'],
    ]);
    expect(PG_MIGRATIONS.map((m) => [m.version, m.name])).toEqual([
      [1, 'initial (SQLite migrations 1-5)'],
      [2, 'queue_leases'],
      [3, 'password_supplied'],
    ]);
  });
});

const cluster: PgCluster | null = startPostgres();
if (!cluster) process.stdout.write('PostgreSQL (initdb/pg_ctl) not found: the schema parity test is skipped\n');

describe.skipIf(!cluster)('one schema on SQLite and PostgreSQL', () => {
  const dir = mkdtempSync(join(tmpdir(), 'veracity-schema-'));
  afterAll(() => {
    cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('both back ends hold the same tables, columns, keys and indexes after migrating', async () => {
    const db = openDatabase(join(dir, 'veracity.db'));
    const sqlite = sqliteShape(db);
    db.close();

    await (await PostgresSql.connect(cluster!.url)).close();
    const client = new pg.Client({ connectionString: cluster!.url });
    await client.connect();
    const postgres = await postgresShape(client).finally(() => client.end());

    expect(Object.keys(sqlite.tables).length).toBeGreaterThan(0);
    expect(Object.keys(sqlite.indexes).length).toBeGreaterThan(0);
    expect(postgres).toEqual(sqlite);
  });
});
