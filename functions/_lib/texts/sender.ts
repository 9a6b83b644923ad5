/**
 * The texts outbox's sender (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
 * each stored text is handed to the provider's Messages API (Twilio, or the embedded default's
 * stand-in at TWILIO_API_URL), never twice for one key. Right before each send it asks again
 * whether the number opted out (docs/product/texts.md#stop-help-and-start), whether the visit's
 * consent stands and whether the visit changed since the text was made (stale); a text that should
 * not go is delivered unsent with its outcome. The provider's refusal 21610 (the number opted out
 * there) records the opt-out. Texts to one number go in the order they were made, held ones at
 * 8 AM by the site's clock (docs/product/texts.md#quiet-hours).
 */
import { now } from '../platform/clock.ts';
import { getDb, type Db } from '../platform/db.ts';
import { describe, type ClaimedRow, type Outcome, type OutboxQueue } from '../platform/outbox-queue.ts';
import {
  consentedVisit,
  isOptedOut,
  onTextQueued,
  TEXT_KINDS,
  textsConfigured,
  withPrefix,
  type QueuedText,
} from './queue.ts';

/** The provider's error for a number that replied STOP there (docs/product/texts.md#stop-help-and-start). */
export const UNSUBSCRIBED_RECIPIENT = 21610;

/** Where the Messages API is: TWILIO_API_URL (the embedded stand-in), else Twilio's. */
export function twilioApiUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env['TWILIO_API_URL']?.trim() || 'https://api.twilio.com').replace(/\/+$/, '');
}

interface TwilioSettings {
  sid: string;
  token: string;
  from: string | undefined;
  service: string | undefined;
}

function settings(env: NodeJS.ProcessEnv): TwilioSettings | null {
  if (!textsConfigured(env)) return null;
  const get = (name: string) => env[name]?.trim() || undefined;
  return {
    sid: get('TWILIO_ACCOUNT_SID') ?? '',
    token: get('TWILIO_AUTH_TOKEN') ?? '',
    from: get('TWILIO_FROM'),
    service: get('TWILIO_MESSAGING_SERVICE_SID'),
  };
}

function messagesUrl(env: NodeJS.ProcessEnv, sid: string): string {
  return `${twilioApiUrl(env)}/2010-04-01/Accounts/${encodeURIComponent(sid)}/Messages.json`;
}

function authorization({ sid, token }: TwilioSettings): string {
  return `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;
}

/** A stored text with what its row says beside the payload. */
interface TextRow {
  phone: string;
  visit_id: string | null;
  visit_version: number | null;
  send_started_at: Date | string | null;
}

/** The provider's answer to a failed call ({ code, message }), as far as it says. */
interface TwilioError {
  code?: number;
  message?: string;
}

/** A message as the provider lists it. */
interface TwilioMessage {
  sid?: string;
  to?: string;
  body?: string;
  date_created?: string;
}

/** Records a delivered row's outcome (the outbox marks it delivered). */
async function settle(db: Db, id: string, outcome: string, providerSid: string | null = null): Promise<Outcome> {
  await db.query('update public.text_outbox set outcome = $2, provider_sid = $3 where id = $1', [
    id,
    outcome,
    providerSid,
  ]);
  return { ok: true };
}

/** A sent text: its message for the desk's thread, and the row's outcome, together. */
async function recordSent(db: Db, row: ClaimedRow, text: TextRow, body: string, providerSid: string): Promise<Outcome> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into public.text_messages (phone, direction, body, kind, visit_id, provider_sid)
       values ($1, 'outbound', $2, $3, $4, $5) on conflict (provider_sid) do nothing`,
      [text.phone, body, row.kind, text.visit_id, providerSid],
    );
    await settle(tx, row.id, 'sent', providerSid);
  });
  return { ok: true };
}

/** Why the text should not go now, or null: opted out, consent ended, the visit changed. */
async function reasonNotToSend(db: Db, row: ClaimedRow, text: TextRow): Promise<string | null> {
  // The opt-out's own confirmation goes to the number that just opted out.
  if (row.kind !== 'keyword-reply' && (await isOptedOut(db, text.phone))) return 'opted out';
  if (text.visit_id === null || text.visit_version === null) return null;
  const consented = await consentedVisit(db, text.visit_id);
  if (!consented || consented.phone !== text.phone) return 'no consent';
  return consented.version === text.visit_version ? null : 'stale';
}

/**
 * The text as it goes: the first to the number names the business and says how to stop, counted
 * now (a text made before it may have been dropped, stale or opted out, since).
 */
async function bodyToSend(db: Db, text: TextRow, payload: QueuedText): Promise<string> {
  if (typeof payload.text !== 'string') return payload.body;
  const sent = await db.query(
    `select 1 from public.text_messages where phone = $1 and direction = 'outbound' limit 1`,
    [text.phone],
  );
  return withPrefix(payload.text, sent.length === 0);
}

/**
 * The message an earlier attempt, cut before its answer was stored (a process killed mid-send, a
 * timeout), handed to the provider, if the provider has it: to the same number, the same text,
 * made since that attempt began, and not recorded as another text's.
 */
async function sentBefore(
  db: Db,
  env: NodeJS.ProcessEnv,
  twilio: TwilioSettings,
  text: TextRow,
  body: string,
  signal: AbortSignal,
): Promise<string | null> {
  if (!text.send_started_at) return null;
  const started = new Date(text.send_started_at).getTime();
  const url = `${messagesUrl(env, twilio.sid)}?${new URLSearchParams({ To: text.phone, PageSize: '50' }).toString()}`;
  const answer = await fetch(url, { headers: { authorization: authorization(twilio) }, signal });
  // A stand-in that cannot list its messages leaves the question open: the text is sent again.
  if (answer.status === 404 || answer.status === 405) return null;
  if (!answer.ok) throw new Error(`The provider answered ${answer.status} to the list of messages`);
  const { messages = [] } = (await answer.json()) as { messages?: TwilioMessage[] };
  // A minute's grace for the provider's clock against the database's.
  const candidates = messages.filter(
    (m) => m.sid && m.body === body && m.to === text.phone && Date.parse(m.date_created ?? '') >= started - 60_000,
  );
  for (const message of candidates) {
    const known = await db.query('select 1 from public.text_messages where provider_sid = $1', [message.sid]);
    if (known.length === 0) return message.sid ?? null;
  }
  return null;
}

/** Hands one text to the provider: its sid, the opt-out it reports, or an error to retry. */
async function post(
  env: NodeJS.ProcessEnv,
  twilio: TwilioSettings,
  to: string,
  body: string,
  signal: AbortSignal,
): Promise<{ sid: string } | { optedOut: true } | { error: string }> {
  const form = new URLSearchParams({ To: to, Body: body });
  if (twilio.service) form.set('MessagingServiceSid', twilio.service);
  else if (twilio.from) form.set('From', twilio.from);
  const answer = await fetch(messagesUrl(env, twilio.sid), {
    method: 'POST',
    headers: { authorization: authorization(twilio), 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal,
  });
  const reply = (await answer.json().catch(() => ({}))) as TwilioError & { sid?: unknown };
  if (answer.ok && typeof reply.sid === 'string') return { sid: reply.sid };
  if (answer.ok) return { error: `The provider answered ${answer.status} without a message sid` };
  if (reply.code === UNSUBSCRIBED_RECIPIENT) return { optedOut: true };
  const code = reply.code === undefined ? '' : ` (error ${reply.code})`;
  return { error: `The provider answered ${answer.status}${code}${reply.message ? `: ${reply.message}` : ''}` };
}

/**
 * The texts outbox's queue: `db` is where the texts are read and their outcomes written (default:
 * the process's). Due times are on the site's clock, so moving the embedded clock past 8 AM makes
 * the held texts due.
 */
export function textQueue(env: NodeJS.ProcessEnv = process.env, db?: Db): OutboxQueue {
  return {
    name: 'Texts outbox',
    table: 'public.text_outbox',
    configuredKinds: () => (textsConfigured(env) ? [...TEXT_KINDS] : []),
    onStored: onTextQueued,
    now,
    orderKey: (row) => (row.payload as QueuedText).to,
    async deliver(row, signal, stopping) {
      const twilio = settings(env);
      if (!twilio) return { aborted: true };
      const database = db ?? (await getDb());
      const payload = row.payload as QueuedText;
      try {
        const [text] = await database.query<TextRow>(
          'select phone, visit_id, visit_version, send_started_at from public.text_outbox where id = $1',
          [row.id],
        );
        if (!text) return { ok: true };
        const reason = await reasonNotToSend(database, row, text);
        if (reason) return await settle(database, row.id, reason);
        const body = await bodyToSend(database, text, payload);
        const earlier = await sentBefore(database, env, twilio, text, body, signal);
        if (earlier) return await recordSent(database, row, text, body, earlier);
        // Noted before the call: should this attempt's answer be lost, the next asks the provider first.
        await database.query('update public.text_outbox set send_started_at = clock_timestamp() where id = $1', [
          row.id,
        ]);
        const sent = await post(env, twilio, text.phone, body, signal);
        if ('sid' in sent) return await recordSent(database, row, text, body, sent.sid);
        if ('optedOut' in sent) {
          await database.query(
            `insert into public.text_opt_outs (phone, word) values ($1, $2) on conflict (phone) do nothing`,
            [text.phone, String(UNSUBSCRIBED_RECIPIENT)],
          );
          return await settle(database, row.id, 'opted out');
        }
        return { ok: false, error: sent.error };
      } catch (error) {
        if (stopping.aborted) return { aborted: true };
        return { ok: false, error: describe(error) };
      }
    },
  };
}
