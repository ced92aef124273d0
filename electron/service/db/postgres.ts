/**
 * The PostgreSQL side of the Sql interface (db/sql.ts), for the team server (issue 13): a `pg`
 * pool shared by the requests of one process; a transaction holds one pooled connection from
 * BEGIN to COMMIT. Statements keep their `?` placeholders; they become `$1, $2…` here.
 * BIGINT columns (sequence numbers, sizes, millisecond instants) and COUNT(*) come back as
 * numbers, as SQLite returns them: none of them comes near 2^53.
 */
import pg from 'pg';
import { PG_MIGRATIONS } from './migrations.js';
import type { Sql, SqlValue } from './sql.js';

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/** `?` outside quoted strings and identifiers -> `$n`. */
export function numbered(text: string): string {
  let out = '';
  let n = 0;
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
      out += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      out += ch;
    } else if (ch === '?') {
      out += `$${++n}`;
    } else {
      out += ch;
    }
  }
  return out;
}

const cache = new Map<string, string>();
function prepared(text: string): string {
  let t = cache.get(text);
  if (t === undefined) {
    t = numbered(text);
    if (cache.size > 1000) cache.clear();
    cache.set(text, t);
  }
  return t;
}

const bind = (params: readonly SqlValue[]): unknown[] => params.map((p) => (typeof p === 'bigint' ? p.toString() : p));

type Queryable = pg.Pool | pg.PoolClient;

export class PgHandle implements Sql {
  readonly dialect = 'postgres' as const;

  constructor(
    protected readonly target: Queryable,
    private readonly isOpen: () => boolean,
  ) {}

  get open(): boolean {
    return this.isOpen();
  }

  async all<T>(text: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return (await this.target.query(prepared(text), bind(params))).rows as T[];
  }

  async get<T>(text: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return (await this.target.query(prepared(text), bind(params))).rows[0] as T | undefined;
  }

  async run(text: string, params: readonly SqlValue[] = []): Promise<number> {
    return (await this.target.query(prepared(text), bind(params))).rowCount ?? 0;
  }

  async exec(text: string): Promise<void> {
    await this.target.query(text);
  }

  /** A statement already in `$n` form, as given (pg-boss runs its own SQL through this). */
  async query(text: string, values: readonly unknown[] = []): Promise<{ rows: unknown[] }> {
    const result = await this.target.query(text, values as unknown[]);
    return { rows: result.rows };
  }

  async transaction<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    if (this.target instanceof pg.Pool) {
      const client = await this.target.connect();
      try {
        await client.query('BEGIN');
        try {
          const result = await fn(new PgHandle(client, this.isOpen));
          await client.query('COMMIT');
          return result;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        }
      } finally {
        client.release();
      }
    }
    return fn(this);
  }

  async close(): Promise<void> {
    // A transaction's handle does not own the pool.
  }
}

export class PostgresSql extends PgHandle {
  private closed = false;

  private constructor(private readonly pool: pg.Pool) {
    super(pool, () => !this.closed);
  }

  /** Connects and brings the schema up to date (migrations run once, under an advisory lock). */
  static async connect(url: string, options: { max?: number } = {}): Promise<PostgresSql> {
    const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, types });
    // An idle connection the server drops (restart, network) must not take the process down.
    pool.on('error', () => {});
    const sql = new PostgresSql(pool);
    try {
      await migratePostgres(sql);
    } catch (err) {
      await pool.end();
      throw err;
    }
    return sql;
  }

  override async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.pool.end();
  }
}

/** Any fixed number: the advisory lock two processes starting at once migrate under. */
const MIGRATION_LOCK = 7_351_012;

export async function migratePostgres(sql: Sql): Promise<number[]> {
  return sql.transaction(async (tx) => {
    await tx.get('SELECT pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await tx.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
    const applied = new Set((await tx.all<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const ran: number[] = [];
    for (const m of [...PG_MIGRATIONS].sort((a, b) => a.version - b.version)) {
      if (applied.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [m.version, m.name, new Date().toISOString()]);
      ran.push(m.version);
    }
    return ran;
  });
}
