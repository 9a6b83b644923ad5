/**
 * The database the functions use: Postgres through postgres.js when DATABASE_URL is set, else an
 * embedded PGlite under DATA_DIR (default `.data/`). Both speak the same SQL and the same
 * migrations (supabase/migrations), so the code above this module does not know which it has.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** A parameterised query's rows. */
export interface Db {
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: all of it happens, or none. Inside a transaction, joins it. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Which engine this is, for logs and tests. */
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

type PGliteLike = {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
  transaction<T>(fn: (tx: PGliteLike) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/**
 * A PGlite database, or (`inTransaction`) one of its transactions: a transaction begun inside one
 * joins it, as the Postgres wrapper's does, so code that opens its own transaction runs the same
 * inside a caller's (PGlite's transaction object has no nested transaction of its own).
 */
function fromPGlite(pg: PGliteLike, close: () => Promise<void>, inTransaction = false): Db {
  const db: Db = {
    kind: 'pglite',
    async query<T>(text: string, params: readonly unknown[] = []) {
      return (await pg.query<T>(text, [...params])).rows;
    },
    async exec(sql: string) {
      await pg.exec(sql);
    },
    transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (inTransaction) return fn(db);
      return pg.transaction((tx) => fn(fromPGlite(tx, async () => {}, true)));
    },
    close,
  };
  return db;
}

/** Opens an embedded PGlite database in `dataDir/pglite`, creating the folder if needed. */
export async function openPGlite(dataDir: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  const dir = join(resolve(dataDir), 'pglite');
  mkdirSync(dir, { recursive: true });
  const pg = (await PGlite.create(dir)) as unknown as PGliteLike;
  return fromPGlite(pg, () => pg.close());
}

/**
 * Values in and out as PGlite passes them, so code written against one engine behaves the same
 * on the other: a string bound to a json/jsonb parameter is JSON text already (postgres.js
 * would encode it a second time), and a bigint reads as a number while it fits in one.
 */
const POSTGRES_AS_PGLITE = {
  json: {
    to: 114,
    from: [114, 3802],
    serialize: (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value)),
    parse: (text: string): unknown => JSON.parse(text),
  },
  bigint: {
    to: 20,
    from: [20],
    serialize: (value: bigint | number) => value.toString(),
    parse: (text: string) => {
      const n = BigInt(text);
      return n < Number.MIN_SAFE_INTEGER || n > Number.MAX_SAFE_INTEGER ? n : Number(n);
    },
  },
};

/** Connects to a Postgres server through postgres.js. */
export async function openPostgres(databaseUrl: string): Promise<Db> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(databaseUrl, {
    max: 10,
    idle_timeout: 30,
    // No prepared statements: Supabase's transaction pooler (the connection Netlify Functions
    // should use) cannot keep them across transactions, and these queries gain nothing from them.
    prepare: false,
    onnotice: () => {},
    types: POSTGRES_AS_PGLITE,
  });
  type Sql = typeof sql;
  const wrap = (client: Pick<Sql, 'unsafe'>, begin: Sql['begin'] | null): Db => ({
    kind: 'postgres',
    async query<T>(text: string, params: readonly unknown[] = []) {
      return (await client.unsafe(text, params as never[])) as unknown as T[];
    },
    async exec(statements: string) {
      await client.unsafe(statements);
    },
    // Inside a transaction (no `begin`), a transaction joins it: one commit, or one rollback.
    async transaction<T>(fn: (tx: Db) => Promise<T>) {
      if (!begin) return fn(wrap(client, null));
      return (await begin((tx) => fn(wrap(tx, null)))) as T;
    },
    close: () => sql.end({ timeout: 5 }),
  });
  return wrap(sql, sql.begin.bind(sql));
}

let shared: Promise<Db> | undefined;

/** The process's database, opened on first use from DATABASE_URL or DATA_DIR. */
export function getDb(): Promise<Db> {
  shared ??= process.env['DATABASE_URL']
    ? openPostgres(process.env['DATABASE_URL'])
    : openPGlite(process.env['DATA_DIR'] ?? '.data');
  return shared;
}

/** Makes `db` the process's database (the server and tests open it themselves). */
export function setDb(db: Db): void {
  shared = Promise.resolve(db);
}
