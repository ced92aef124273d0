/**
 * What a migrated database holds, read back from the database itself and put in one form for
 * both back ends, so a test can compare SQLite's and PostgreSQL's schemas: the tables, their
 * columns (name and type family: two engines spell 64-bit integers and doubles differently),
 * primary keys, unique columns and the indexes made by CREATE INDEX (name, columns, partial or not).
 */
import type Database from 'better-sqlite3';
import type pg from 'pg';

export type TypeFamily = 'integer' | 'text' | 'real';

export interface TableShape {
  columns: Array<{ name: string; family: TypeFamily; notNull: boolean }>;
  primaryKey: string[];
  unique: string[][];
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  indexes: Record<string, { table: string; columns: string[]; partial: boolean }>;
}

const FAMILIES: Record<string, TypeFamily> = {
  INTEGER: 'integer',
  TEXT: 'text',
  REAL: 'real',
  bigint: 'integer',
  integer: 'integer',
  text: 'text',
  'double precision': 'real',
};

function family(declared: string, where: string): TypeFamily {
  const f = FAMILIES[declared];
  if (!f) throw new Error(`${where}: type ${declared} has no family here`);
  return f;
}

/** Bookkeeping tables of the migrations and of SQLite itself. */
const OWN = new Set(['schema_migrations', 'sqlite_sequence']);

export function sqliteShape(db: Database.Database): SchemaShape {
  const shape: SchemaShape = { tables: {}, indexes: {} };
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{ name: string }>;
  for (const { name } of tables) {
    if (OWN.has(name)) continue;
    const info = db.prepare(`PRAGMA table_info(${name})`).all() as Array<{ name: string; type: string; notnull: number; pk: number }>;
    const table: TableShape = {
      // SQLite lets an INTEGER PRIMARY KEY hold no NULL without saying NOT NULL.
      columns: info.map((c) => ({ name: c.name, family: family(c.type, `${name}.${c.name}`), notNull: c.notnull === 1 || c.pk > 0 })),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      unique: [],
    };
    const indexList = db.prepare(`PRAGMA index_list(${name})`).all() as Array<{ name: string; unique: number; origin: string; partial: number }>;
    for (const index of indexList) {
      const columns = (db.prepare(`PRAGMA index_info(${index.name})`).all() as Array<{ seqno: number; name: string }>)
        .sort((a, b) => a.seqno - b.seqno)
        .map((c) => c.name);
      if (index.origin === 'u') table.unique.push(columns);
      if (index.origin === 'c') shape.indexes[index.name] = { table: name, columns, partial: index.partial === 1 };
    }
    table.unique.sort();
    shape.tables[name] = table;
  }
  return shape;
}

export async function postgresShape(client: pg.Client): Promise<SchemaShape> {
  const shape: SchemaShape = { tables: {}, indexes: {} };
  const columns = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
    'SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position',
  );
  for (const c of columns.rows) {
    if (OWN.has(c.table_name)) continue;
    const table = (shape.tables[c.table_name] ??= { columns: [], primaryKey: [], unique: [] });
    table.columns.push({ name: c.column_name, family: family(c.data_type, `${c.table_name}.${c.column_name}`), notNull: c.is_nullable === 'NO' });
  }
  // Constraints and indexes alike, from pg_index: a key's index carries its constraint's kind.
  const indexes = await client.query<{
    table: string;
    index: string;
    columns: string[];
    primary: boolean;
    unique: boolean;
    constraint: boolean;
    partial: boolean;
  }>(
    `SELECT t.relname AS table, i.relname AS index, x.indisprimary AS primary, x.indisunique AS unique,
            EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid) AS constraint,
            x.indpred IS NOT NULL AS partial,
            ARRAY(SELECT a.attname FROM unnest(x.indkey) WITH ORDINALITY AS k(attnum, n)
                  JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
       JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE n.nspname = current_schema()`,
  );
  for (const row of indexes.rows) {
    if (OWN.has(row.table)) continue;
    const table = shape.tables[row.table]!;
    if (row.primary) table.primaryKey = row.columns;
    else if (row.constraint && row.unique) table.unique.push(row.columns);
    else shape.indexes[row.index] = { table: row.table, columns: row.columns, partial: row.partial };
  }
  for (const table of Object.values(shape.tables)) table.unique.sort();
  return shape;
}
