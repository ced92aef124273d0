/**
 * The schema is written once (db/migrations.ts) as steps in a small vocabulary, and each back end
 * gets its own SQL from them: SQLite and PostgreSQL differ only in a few type names and in
 * SQLite's WITHOUT ROWID, so hand-mirroring two lists of statements bought nothing but drift.
 */
import type { Dialect } from './sql.js';

/**
 * Column types by what they hold, not by either engine's spelling. INTEGER is a 64-bit integer
 * (SQLite's only kind; BIGINT on PostgreSQL); INT32 is the one column PostgreSQL shipped as a
 * 4-byte INTEGER and must keep; SERIAL is the auto-incrementing primary key.
 */
export type ColumnType = 'TEXT' | 'INTEGER' | 'INT32' | 'REAL' | 'SERIAL';

/** `name TYPE [constraints]`, e.g. `'size_bytes INTEGER NOT NULL'`, or a table constraint (`PRIMARY KEY (a, b)`). */
export type ColumnSpec = `${string} ${ColumnType}` | `${string} ${ColumnType} ${string}` | `PRIMARY KEY (${string})`;

export type Step =
  | { kind: 'createTable'; table: string; columns: readonly ColumnSpec[]; withoutRowid?: boolean }
  | { kind: 'addColumn'; table: string; column: ColumnSpec }
  | { kind: 'dropColumn'; table: string; column: string }
  | { kind: 'dropTable'; table: string }
  | { kind: 'createIndex'; index: string; table: string; on: string; where?: string }
  /** Moves data between the shapes of a migration; the schema it leaves is unchanged. */
  | { kind: 'data'; sql: string };

export const createTable = (table: string, columns: readonly ColumnSpec[], options: { withoutRowid?: boolean } = {}): Step => ({
  kind: 'createTable',
  table,
  columns,
  ...options,
});
export const addColumn = (table: string, column: ColumnSpec): Step => ({ kind: 'addColumn', table, column });
export const dropColumn = (table: string, column: string): Step => ({ kind: 'dropColumn', table, column });
export const dropTable = (table: string): Step => ({ kind: 'dropTable', table });
export const createIndex = (index: string, table: string, on: string, where?: string): Step => ({ kind: 'createIndex', index, table, on, where });
export const moveData = (sql: string): Step => ({ kind: 'data', sql });

const TYPES: Record<Dialect, Record<ColumnType, string>> = {
  sqlite: { TEXT: 'TEXT', INTEGER: 'INTEGER', INT32: 'INTEGER', REAL: 'REAL', SERIAL: 'INTEGER PRIMARY KEY AUTOINCREMENT' },
  postgres: { TEXT: 'TEXT', INTEGER: 'BIGINT', INT32: 'INTEGER', REAL: 'DOUBLE PRECISION', SERIAL: 'BIGSERIAL PRIMARY KEY' },
};

const columnName = (spec: ColumnSpec): string => spec.slice(0, spec.indexOf(' '));

function columnSql(spec: ColumnSpec, dialect: Dialect): string {
  if (spec.startsWith('PRIMARY KEY (')) return spec;
  const [name, type, ...rest] = spec.split(' ');
  const rendered = TYPES[dialect][type as ColumnType];
  if (!rendered) throw new Error(`column ${name}: unknown type ${type}`);
  return [name, rendered, ...rest].join(' ');
}

export function stepSql(step: Step, dialect: Dialect): string {
  switch (step.kind) {
    case 'createTable': {
      const rowid = step.withoutRowid && dialect === 'sqlite' ? ' WITHOUT ROWID' : '';
      return `CREATE TABLE ${step.table} (\n  ${step.columns.map((c) => columnSql(c, dialect)).join(',\n  ')}\n)${rowid};`;
    }
    case 'addColumn':
      return `ALTER TABLE ${step.table} ADD COLUMN ${columnSql(step.column, dialect)};`;
    case 'dropColumn':
      return `ALTER TABLE ${step.table} DROP COLUMN ${step.column};`;
    case 'dropTable':
      return `DROP TABLE ${step.table};`;
    case 'createIndex':
      return `CREATE INDEX ${step.index} ON ${step.table}(${step.on})${step.where ? ` WHERE ${step.where}` : ''};`;
    case 'data':
      return step.sql.trim().replace(/;?$/, ';');
  }
}

export const stepsSql = (steps: readonly Step[], dialect: Dialect): string => steps.map((s) => stepSql(s, dialect)).join('\n');

/**
 * The steps that build, on an empty database, the schema `steps` leave: each table as created
 * plus the columns added later, minus the ones dropped, in the order they stand; then the
 * indexes. Data moves drop out (there is no data yet). A back end that starts later in the
 * history (PostgreSQL) begins from this instead of replaying every shipped change.
 */
export function squash(steps: readonly Step[]): Step[] {
  const tables = new Map<string, { columns: ColumnSpec[]; withoutRowid?: boolean }>();
  const indexes = new Map<string, Extract<Step, { kind: 'createIndex' }>>();
  const table = (name: string) => {
    const t = tables.get(name);
    if (!t) throw new Error(`schema step on unknown table ${name}`);
    return t;
  };
  for (const step of steps) {
    switch (step.kind) {
      case 'createTable':
        tables.set(step.table, { columns: [...step.columns], withoutRowid: step.withoutRowid });
        break;
      case 'addColumn':
        table(step.table).columns.push(step.column);
        break;
      case 'dropColumn': {
        const t = table(step.table);
        t.columns = t.columns.filter((c) => columnName(c) !== step.column);
        break;
      }
      case 'dropTable':
        tables.delete(step.table);
        for (const [name, index] of indexes) if (index.table === step.table) indexes.delete(name);
        break;
      case 'createIndex':
        indexes.set(step.index, step);
        break;
      case 'data':
        break;
    }
  }
  return [...[...tables].map(([name, t]) => createTable(name, t.columns, { withoutRowid: t.withoutRowid })), ...indexes.values()];
}
