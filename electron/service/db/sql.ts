/**
 * The one database interface every store module is written against (issue 13): a few
 * Promise-returning calls, so the same store code runs on SQLite (the desktop, one process,
 * better-sqlite3) and on PostgreSQL (the team server, many processes, `pg`).
 *
 * Statements are written once, with `?` placeholders, in the SQL both engines accept
 * (`ON CONFLICT ... DO NOTHING`, `IS NOT DISTINCT FROM`, plain types); the few spots where they
 * differ ask `dialect` (JSON paths: `jsonText`).
 */
export type SqlValue = string | number | bigint | boolean | null | Buffer;

export type Dialect = 'sqlite' | 'postgres';

export interface Sql {
  readonly dialect: Dialect;
  /** false once closed (long loops stop early). */
  readonly open: boolean;
  all<T>(text: string, params?: readonly SqlValue[]): Promise<T[]>;
  get<T>(text: string, params?: readonly SqlValue[]): Promise<T | undefined>;
  /** Runs a write; resolves with the number of rows it changed. */
  run(text: string, params?: readonly SqlValue[]): Promise<number>;
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
  /**
   * Runs `fn` in one transaction that serialises writers (SQLite: BEGIN IMMEDIATE; PostgreSQL:
   * READ COMMITTED plus the locks the statements take). Every statement of the unit must go
   * through `tx`: the outer handle would wait for the transaction (SQLite) or run outside it (PG).
   * Nested calls on `tx` join the outer transaction.
   */
  transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The text of a JSON member of a TEXT column holding JSON (`path` like `document.format`). */
export function jsonText(dialect: Dialect, column: string, path: string): string {
  return dialect === 'sqlite' ? `json_extract(${column}, '$.${path}')` : `(${column}::jsonb #>> '{${path.split('.').join(',')}}')`;
}

/** A sub-object of a JSON column as JSON text (null when absent). */
export function jsonPart(dialect: Dialect, column: string, path: string): string {
  return dialect === 'sqlite' ? `json_extract(${column}, '$.${path}')` : `((${column}::jsonb #> '{${path.split('.').join(',')}}')::text)`;
}

/** `?, ?, ?` for an IN list. */
export const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

/** A team server's database URL (`postgresql://…` or `postgres://…`). */
export const isPostgresUrl = (value: string | undefined): value is string => !!value && /^postgres(ql)?:\/\//i.test(value);
