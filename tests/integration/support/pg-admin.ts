/** Reaching a Postgres server's databases by name: the suite's global set-up and its test databases. */
import postgres from 'postgres';

/** The Postgres connection string of a database on `server`. */
export function databaseUrl(server: string, database: string): string {
  const url = new URL(server);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs `fn` with a one-connection client to the server's maintenance database. */
export async function withAdmin<T>(server: string, fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(server, { max: 1, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
