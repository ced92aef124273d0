/**
 * The SQLite side of the Sql interface (db/sql.ts): better-sqlite3 is synchronous, so every call
 * runs at once and resolves; prepared statements are cached by their text.
 *
 * A transaction is BEGIN IMMEDIATE ... COMMIT on the one connection, and its body may await (the
 * store code is async). While it is open, calls made outside it wait for it to end, so another
 * request's statement can never land inside (or be rolled back with) someone else's unit.
 */
import type Database from 'better-sqlite3';
import type { Sql, SqlValue } from './sql.js';

type Statement = Database.Statement<unknown[]>;

const bind = (params: readonly SqlValue[]): unknown[] => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));

class Connection {
  private readonly cache = new Map<string, Statement>();
  /** Settles when the open transaction ends; null when none is open. */
  busy: Promise<void> | null = null;

  constructor(readonly db: Database.Database) {}

  statement(text: string): Statement {
    let stmt = this.cache.get(text);
    if (!stmt) {
      stmt = this.db.prepare(text);
      if (this.cache.size > 500) this.cache.clear();
      this.cache.set(text, stmt);
    }
    return stmt;
  }
}

export class SqliteSql implements Sql {
  readonly dialect = 'sqlite' as const;
  private readonly conn: Connection;

  /** `inside` marks the handle given to a transaction body: it never waits for itself. */
  constructor(
    db: Database.Database,
    private readonly inside = false,
    conn?: Connection,
  ) {
    this.conn = conn ?? new Connection(db);
  }

  /** The better-sqlite3 handle (backup and SQLite-only maintenance). */
  get db(): Database.Database {
    return this.conn.db;
  }

  get open(): boolean {
    return this.conn.db.open;
  }

  private async ready(): Promise<void> {
    if (this.inside) return;
    while (this.conn.busy) await this.conn.busy;
  }

  async all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    await this.ready();
    return this.conn.statement(text).all(...bind(params)) as T[];
  }

  async get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    await this.ready();
    return this.conn.statement(text).get(...bind(params)) as T | undefined;
  }

  async run(text: string, params: readonly SqlValue[] = []): Promise<number> {
    await this.ready();
    return this.conn.statement(text).run(...bind(params)).changes;
  }

  async exec(text: string): Promise<void> {
    await this.ready();
    this.conn.db.exec(text);
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    if (this.inside) return fn(this);
    await this.ready();
    let end!: () => void;
    this.conn.busy = new Promise<void>((resolve) => (end = resolve));
    try {
      this.conn.db.exec('BEGIN IMMEDIATE');
      try {
        const result = await fn(new SqliteSql(this.conn.db, true, this.conn));
        this.conn.db.exec('COMMIT');
        return result;
      } catch (err) {
        if (this.conn.db.inTransaction) this.conn.db.exec('ROLLBACK');
        throw err;
      }
    } finally {
      this.conn.busy = null;
      end();
    }
  }

  async close(): Promise<void> {
    while (this.conn.busy) await this.conn.busy;
    if (this.conn.db.open) this.conn.db.close();
  }
}
