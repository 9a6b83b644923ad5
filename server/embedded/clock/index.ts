/**
 * The embedded default's one clock: real time plus an offset that only grows. Tests move it with
 * `POST /_dev/clock {"advance": seconds}` instead of waiting, and read it with `GET /_dev/clock`.
 * The payment emulator bills by it (renewals, retries, expiries: what an advance made due runs
 * before the answer), and the site's functions decide "now" and "today" by it (installed into
 * functions/_lib/platform/clock.ts). The sign-in emulator stays on real time: the browser's supabase-js and
 * the functions' token check judge a token's expiry by real time, so a token must not age with an
 * advance. Its mailed links and codes (10 minutes each), the minute between mails to one address and
 * its rate limits keep that same real time, so the sign-in emulator has one clock; the integration
 * suites reach them by moving the harness's clock instead (tests/integration/auth-email-code.test.ts).
 * The offset is kept in the database (schema `emulator_clock`) so a restart never sends
 * the clock back behind the times the emulator and the site have recorded.
 */
import { fileURLToPath } from 'node:url';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import { handler, HttpError, json, readJsonObject, type Handler } from '../../../functions/_lib/platform/http.ts';
import { migrateEmulatorSchema } from '../schema.ts';

/** The longest single advance: a year, leap or not (366 days), so one call can cross an annual renewal. */
export const MAX_ADVANCE_SECONDS = 366 * 86_400;

/** What `GET /_dev/clock` answers. */
export interface ClockReading {
  /** The clock's time, ISO 8601. */
  now: string;
  /** How far it is ahead of real time. */
  offsetSeconds: number;
}

/** The running clock. */
export interface EmbeddedClock {
  /** Milliseconds since the epoch, as the embedded stack reads them (a plain function, to pass around). */
  now: () => number;
  reading: () => ClockReading;
  /** Moves the clock forward by `seconds` and records the new offset. */
  advance: (seconds: number) => Promise<ClockReading>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const USAGE = `send {"advance": seconds}, more than 0 and at most ${MAX_ADVANCE_SECONDS} (366 days)`;

/** The seconds a `POST /_dev/clock` body asks for; a 400 naming the field for anything else. */
export function parseAdvance(body: Record<string, unknown>): number {
  const unknown = Object.keys(body).find((key) => key !== 'advance');
  if (unknown !== undefined) throw new HttpError(400, `${unknown.slice(0, 40)}: unknown field; ${USAGE}`);
  const seconds = body['advance'];
  if (seconds === undefined) throw new HttpError(400, `advance: required; ${USAGE}`);
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) {
    throw new HttpError(400, `advance: must be a number of seconds; ${USAGE}`);
  }
  if (seconds <= 0) throw new HttpError(400, `advance: must be more than 0 (the clock only moves forward); ${USAGE}`);
  if (seconds > MAX_ADVANCE_SECONDS) {
    throw new HttpError(400, `advance: must be at most ${MAX_ADVANCE_SECONDS} seconds (366 days) at a time`);
  }
  return seconds;
}

/** Opens the clock in `db` (applying its migration) where the last run left it. */
export async function openClock(db: Db, realNow: () => number = Date.now): Promise<EmbeddedClock> {
  await migrateEmulatorSchema(db, 'emulator_clock', MIGRATIONS);
  const [row] = await db.query<{ offset_ms: string | number }>('select offset_ms from emulator_clock.state');
  let offsetMs = Number(row?.offset_ms ?? 0);
  const now = () => realNow() + offsetMs;
  const reading = (): ClockReading => ({ now: new Date(now()).toISOString(), offsetSeconds: offsetMs / 1000 });
  return {
    now,
    reading,
    async advance(seconds) {
      // At least a millisecond: any positive advance moves the clock.
      offsetMs += Math.max(1, Math.round(seconds * 1000));
      // Two advances at once may write in either order: the larger offset is the later one.
      await db.query(
        `insert into emulator_clock.state (id, offset_ms, updated_at) values (true, $1, now())
         on conflict (id) do update set offset_ms = greatest(emulator_clock.state.offset_ms, excluded.offset_ms),
           updated_at = now()`,
        [offsetMs],
      );
      return reading();
    },
  };
}

/**
 * GET and POST /_dev/clock. After an advance, `afterAdvance` runs what became due (the payment
 * emulator's billing) before the answer, so a test sees it without waiting for a timer.
 */
export function createClockHandler(clock: EmbeddedClock, afterAdvance: () => Promise<void>): Handler {
  return handler(['GET', 'HEAD', 'POST'], async (req) => {
    if (req.method !== 'POST') return json(clock.reading());
    const seconds = parseAdvance(await readJsonObject(req));
    await clock.advance(seconds);
    await afterAdvance();
    return json(clock.reading());
  });
}
