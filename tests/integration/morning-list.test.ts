/**
 * The owner's morning list (docs/product/emails.md#morning-list) on the real server process, time moved
 * by the embedded clock: at 6:30 Springfield time the list arrives with the leads since the last
 * one; a second firing the same morning sends nothing more; a day with nothing in it sends
 * nothing; the next day with a lead sends again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays, businessTimeToUtc, businessToday, formatDay } from '../../src/lib/dates.ts';
import { freePort, removeDir, startServer, tempDataDir, type ServerProcess } from '../support/server.ts';
import { mailsTo, type TestMail } from './harness.ts';
import { waitFor } from './support/stripe-stack.ts';

const OWNER = 'owner@example.com';
let dataDir = '';
let origin = '';
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await tempDataDir('shm-morning-');
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = await startServer({
    dataDir,
    port,
    env: { AUTH_RATE_LIMITS: 'off', LEAD_RATE_LIMIT: '0', OWNER_EMAIL: OWNER },
  });
});

afterAll(async () => {
  await server?.stop();
  await removeDir(dataDir);
});

async function clockNow(): Promise<Date> {
  const res = await fetch(`${origin}/_dev/clock`);
  return new Date(((await res.json()) as { now: string }).now);
}

/** Moves the clock to `time` (6:31) Springfield time on `day`; the answer comes after the list due then was queued. */
async function moveTo(day: string, time = '06:31'): Promise<void> {
  const target = businessTimeToUtc(day, time).getTime();
  const seconds = (target - (await clockNow()).getTime()) / 1000;
  const res = await fetch(`${origin}/_dev/clock`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ advance: seconds }),
  });
  expect(res.status).toBe(200);
}

async function contact(name: string): Promise<void> {
  const res = await fetch(`${origin}/api/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, email: `${name.toLowerCase()}@example.com`, phone: '(417) 555-0101' }),
  });
  expect(res.status).toBe(202);
}

const listsFor = (mails: TestMail[], day: string) =>
  mails.filter((m) => m.subject.startsWith(`Today, ${formatDay(day)}:`));

describe('the morning list', { timeout: 180_000 }, () => {
  test('arrives at 6:30 with the leads; twice fired sends one; an empty day sends none', async () => {
    // Just after midnight first: past 6:30, the server's own one-minute timer could send today's
    // list with Ada in it before the clock moves on.
    await moveTo(addDays(businessToday(await clockNow()), 1), '00:05');
    const today = businessToday(await clockNow());
    const [first, empty, third] = [addDays(today, 1), addDays(today, 2), addDays(today, 3)];
    await contact('Ada');
    await moveTo(first);
    const mails = await waitFor(async () => {
      const found = listsFor(await mailsTo(origin, OWNER), first);
      return found.length > 0 ? found : undefined;
    }, 'the first morning list');
    expect(mails[0]?.subject).toBe(`Today, ${formatDay(first)}: 0 visits, 0 to confirm, 1 new lead`);
    expect(mails[0]?.text).toContain('No visits today.');
    expect(mails[0]?.text).toContain('Contact message: Ada, (417) 555-0101, ada@example.com');
    expect(mails[0]?.text).toMatch(/Open the desk: http:\/\/localhost:\d+\/owner/);
    expect(mails[0]?.text).toMatch(/Open the leads: http:\/\/localhost:\d+\/owner\?tab=leads/);

    // The schedule fires again the same morning (Netlify's second firing, a minute later).
    const res = await fetch(`${origin}/_dev/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advance: 60 }),
    });
    expect(res.status).toBe(200);

    await moveTo(empty);
    await contact('Bo');
    await moveTo(third);
    const after = await waitFor(async () => {
      const all = await mailsTo(origin, OWNER);
      return listsFor(all, third).length > 0 ? all : undefined;
    }, 'the third morning list');
    expect(listsFor(after, first)).toHaveLength(1);
    expect(listsFor(after, empty)).toEqual([]);
    const [last] = listsFor(after, third);
    expect(last?.text).toContain('Contact message: Bo');
    expect(last?.text).not.toContain('Ada');
  });
});
