/**
 * The embedded default's stand-in for the text provider (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
 * it answers the provider's `POST /2010-04-01/Accounts/<sid>/Messages.json` as the provider does
 * (Basic auth with the account SID and Auth Token, a form body, its error shapes and codes, 201
 * with the message in snake_case), so the site's sending code runs unchanged against it; it keeps
 * every text, sent and received, in the shared database (schema `emulator_sms`, in the data dir);
 * it lists them at /_dev/sms (HTML, a thread per number) and /_dev/sms.json; and `POST
 * /_dev/sms/reply` `{ from, body }` delivers a customer's text to the site's webhook with the
 * provider's inbound parameters, signed with `X-Twilio-Signature` over the URL it posts to.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isGsmText } from '../../../src/features/texts/messages.ts';
import type { Db } from '../../../functions/_lib/platform/db.ts';
import {
  handler,
  HttpError,
  isUnstorableText,
  json,
  readJsonOrForm,
  readLimited,
  serverHandler,
  type Handler,
  type Route,
} from '../../../functions/_lib/platform/http.ts';
import { toE164 } from '../../../functions/_lib/texts/phone.ts';
import { twilioSignature } from '../../../functions/_lib/texts/signature.ts';
import { devPageResponse } from '../dev-page.ts';
import { migrateEmulatorSchema } from '../schema.ts';
import { renderSmsPage, type StandInText } from './page.ts';

export type { StandInText } from './page.ts';

/** The provider's API version, the first segment of its paths. */
export const API_VERSION = '2010-04-01';
/** Where the provider's API is mounted. */
export const API_PREFIX = `/${API_VERSION}/Accounts`;
/** The longest body the provider takes. */
export const MAX_BODY = 1600;

/** How the stand-in is set up by the server wiring (and by tests). */
export interface SmsStandInOptions {
  db: Db;
  /** The only account whose credentials the API accepts (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN). */
  accountSid: string;
  authToken: string;
  /** The site's number (TWILIO_FROM, E.164): the only `From` accepted, and the `To` of the replies. */
  siteNumber: string;
  /** The site's webhook, read at each delivery: the public address of /api/sms-inbound. */
  webhookUrl: () => string;
  /** The clock in ms that stamps the texts (default Date.now; the embedded clock in the server). */
  now?: () => number;
}

/** The stand-in's routes, and its store for tests. */
export interface SmsStandIn {
  routes: Route[];
  /** The texts kept, newest first; with `number`, only those to or from it. */
  list(filter?: { number?: string; limit?: number }): Promise<StandInText[]>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
const DEV_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

interface MessageRow {
  sid: string;
  direction: 'outbound' | 'inbound';
  to_number: string;
  from_number: string;
  body: string;
  created_at: Date;
}

/** A kept text as the API lists it. */
interface ApiRow extends MessageRow {
  num_segments: number;
  messaging_service_sid: string | null;
}

/** An error answered in the provider's shape: `{ code, message, more_info, status }`. */
class ProviderError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(status: number, code: number, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }

  response(): Response {
    const headers: Record<string, string> = {};
    if (this.status === 401) headers['WWW-Authenticate'] = 'Basic realm="Twilio API"';
    return json(
      {
        code: this.code,
        message: this.message,
        more_info: `https://www.twilio.com/docs/errors/${this.code}`,
        status: this.status,
      },
      this.status,
      headers,
    );
  }
}

/** 'SM' and 32 hex digits, as the provider's message ids. */
export function messageSid(): string {
  return `SM${randomBytes(16).toString('hex')}`;
}

/** A date as the provider writes it (RFC 2822): 'Tue, 08 Dec 2026 14:30:00 +0000'. */
export function rfc2822(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** How many segments a body takes: 160 GSM characters in one, 153 each when split; 70 and 67 in UCS-2. */
export function segmentsOf(body: string): number {
  const length = [...body].length;
  const [single, part] = isGsmText(body) ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / part);
}

/**
 * A text in the provider's JSON (snake_case). `status`: what the provider says at creation
 * ('queued', or 'accepted' through a Messaging Service); listed later, a sent text is 'delivered'
 * (the stand-in delivers at once) and a customer's 'received'.
 */
function messageJson(accountSid: string, row: ApiRow, status: string): Record<string, unknown> {
  const uri = `${API_PREFIX}/${accountSid}/Messages/${row.sid}`;
  const outbound = row.direction === 'outbound';
  const viaService = outbound && row.messaging_service_sid !== null;
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    body: row.body,
    date_created: rfc2822(row.created_at),
    date_sent: status === 'queued' || status === 'accepted' ? null : rfc2822(row.created_at),
    date_updated: rfc2822(row.created_at),
    direction: outbound ? 'outbound-api' : 'inbound',
    error_code: null,
    error_message: null,
    // Sent through a Messaging Service, the number is chosen after the answer.
    from: viaService && status === 'accepted' ? null : row.from_number,
    messaging_service_sid: row.messaging_service_sid,
    num_media: '0',
    num_segments: String(row.num_segments),
    price: null,
    price_unit: 'USD',
    sid: row.sid,
    status,
    subresource_uris: { media: `${uri}/Media.json` },
    to: row.to_number,
    uri: `${uri}.json`,
  };
}

/** Whether the request carries the account's credentials (HTTP Basic, SID as user, token as password). */
function authenticated(req: Request, accountSid: string, authToken: string): boolean {
  const header = req.headers.get('authorization') ?? '';
  const encoded = /^Basic\s+(\S+)$/i.exec(header)?.[1];
  if (!encoded) return false;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 && decoded.slice(0, colon) === accountSid && decoded.slice(colon + 1) === authToken;
}

/** Opens the stand-in in `db` (applying its migrations) and returns its routes. */
export async function createSmsStandIn(options: SmsStandInOptions): Promise<SmsStandIn> {
  const { db, accountSid, authToken, siteNumber } = options;
  const now = options.now ?? Date.now;
  await migrateEmulatorSchema(db, 'emulator_sms', MIGRATIONS);

  async function list({ number, limit = 500 }: { number?: string; limit?: number } = {}): Promise<StandInText[]> {
    const rows = await db.query<MessageRow>(
      `select sid, direction, to_number, from_number, body, created_at from emulator_sms.messages
        where $1::text is null or to_number = $1 or from_number = $1
        order by created_at desc, id desc limit $2`,
      [number ?? null, limit],
    );
    return rows.map((row) => ({
      id: row.sid,
      to: row.to_number,
      from: row.from_number,
      body: row.body,
      direction: row.direction,
      sentAt: row.created_at.toISOString(),
    }));
  }

  /** .../Messages.json: GET lists the texts; POST validates as the provider does, keeps the text, answers 201 with it. */
  async function answerMessages(req: Request, pathSid: string): Promise<Response> {
    if (!authenticated(req, accountSid, authToken) || pathSid !== accountSid) {
      throw new ProviderError(401, 20003, 'Authenticate');
    }
    if (req.method === 'GET') return listMessages(req);
    const params = new URLSearchParams(await readLimited(req, 64 * 1024));
    const to = params.get('To')?.trim() ?? '';
    const from = params.get('From')?.trim() ?? '';
    const service = params.get('MessagingServiceSid')?.trim() ?? '';
    const body = params.get('Body') ?? '';
    if (!to) throw new ProviderError(400, 21604, "A 'To' phone number is required.");
    const toNumber = toE164(to);
    if (!toNumber || isUnstorableText(to)) {
      throw new ProviderError(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    }
    if (!from && !service) throw new ProviderError(400, 21603, "A 'From' phone number is required.");
    if (from && toE164(from) !== siteNumber) {
      throw new ProviderError(
        400,
        21606,
        `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
      );
    }
    if (!from && !/^MG[0-9a-f]{32}$/.test(service)) {
      throw new ProviderError(400, 21701, `The Messaging Service Sid ${service} is invalid.`);
    }
    if (body === '') throw new ProviderError(400, 21602, 'Message body is required.');
    if ([...body].length > MAX_BODY || isUnstorableText(body)) {
      throw new ProviderError(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    }
    const sid = messageSid();
    const created = new Date(now());
    const segments = segmentsOf(body);
    await db.query(
      `insert into emulator_sms.messages
         (sid, account_sid, direction, to_number, from_number, body, num_segments, messaging_service_sid, created_at)
       values ($1, $2, 'outbound', $3, $4, $5, $6, $7, $8)`,
      [sid, accountSid, toNumber, siteNumber, body, segments, service || null, created],
    );
    const row: ApiRow = {
      sid,
      direction: 'outbound',
      to_number: toNumber,
      from_number: siteNumber,
      body,
      created_at: created,
      num_segments: segments,
      messaging_service_sid: service || null,
    };
    // Without a Messaging Service a new message is 'queued'; with one, 'accepted'.
    return json(messageJson(accountSid, row, from ? 'queued' : 'accepted'), 201);
  }

  /** GET .../Messages.json: the account's texts, newest first, optionally only those `To` a number. */
  async function listMessages(req: Request): Promise<Response> {
    const url = new URL(req.url);
    const to = url.searchParams.get('To');
    const toNumber = to ? (toE164(to) ?? to) : null;
    const size = Number(url.searchParams.get('PageSize') ?? 50);
    const pageSize = Number.isInteger(size) && size >= 1 && size <= 1000 ? size : 50;
    const rows = await db.query<ApiRow>(
      `select sid, direction, to_number, from_number, body, created_at, num_segments, messaging_service_sid
         from emulator_sms.messages
        where account_sid = $1 and ($2::text is null or to_number = $2)
        order by created_at desc, id desc limit $3`,
      [accountSid, toNumber, pageSize],
    );
    const path = `${API_PREFIX}/${accountSid}/Messages.json`;
    return json({
      messages: rows.map((row) =>
        messageJson(accountSid, row, row.direction === 'outbound' ? 'delivered' : 'received'),
      ),
      end: Math.max(rows.length - 1, 0),
      first_page_uri: `${path}?PageSize=${pageSize}&Page=0`,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri: `${path}?PageSize=${pageSize}&Page=0`,
    });
  }

  const api: Handler = serverHandler(['GET', 'POST'], async (req) => {
    const pathSid = MESSAGES_PATH.exec(new URL(req.url).pathname)?.[1];
    try {
      if (pathSid === undefined) {
        throw new ProviderError(404, 20404, `The requested resource ${new URL(req.url).pathname} was not found`);
      }
      return await answerMessages(req, pathSid);
    } catch (error) {
      if (error instanceof ProviderError) return error.response();
      throw error;
    }
  });

  /** Delivers a customer's text to the site's webhook, signed; the webhook's answer. */
  async function deliver(from: string, body: string): Promise<Response> {
    const sid = messageSid();
    const segments = segmentsOf(body);
    const url = options.webhookUrl();
    const params = new URLSearchParams({
      ToCountry: 'US',
      SmsMessageSid: sid,
      NumMedia: '0',
      SmsSid: sid,
      SmsStatus: 'received',
      Body: body,
      To: siteNumber,
      NumSegments: String(segments),
      MessageSid: sid,
      AccountSid: accountSid,
      From: from,
      FromCountry: 'US',
      ApiVersion: API_VERSION,
    });
    const [row] = await db.query<{ id: number }>(
      `insert into emulator_sms.messages
         (sid, account_sid, direction, to_number, from_number, body, num_segments, created_at)
       values ($1, $2, 'inbound', $3, $4, $5, $6, $7) returning id`,
      [sid, accountSid, siteNumber, from, body, segments, new Date(now())],
    );
    let answer: Response;
    try {
      answer = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': twilioSignature(authToken, url, params),
          'User-Agent': 'TwilioProxy/1.1',
        },
        body: params,
        redirect: 'manual',
        // The provider waits 15 seconds for a webhook's answer.
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return json({ error: `The site's webhook at ${url} could not be reached: ${reason}` }, 502);
    }
    await db.query('update emulator_sms.messages set webhook_status = $1 where id = $2', [answer.status, row?.id]);
    return new Response(await answer.text(), {
      status: answer.status,
      headers: { 'Content-Type': answer.headers.get('content-type') ?? 'text/plain', 'Cache-Control': 'no-store' },
    });
  }

  const reply: Handler = handler(['POST'], async (req) => {
    const { body: fields, fromForm } = await readJsonOrForm(req);
    const from = typeof fields['from'] === 'string' ? toE164(fields['from']) : null;
    if (!from) throw new HttpError(400, 'from must be a US phone number, e.g. +14175550142');
    const text = fields['body'];
    if (typeof text !== 'string' || text === '' || [...text].length > MAX_BODY) {
      throw new HttpError(400, `body must be the text, 1 to ${MAX_BODY} characters`);
    }
    const answer = await deliver(from, text);
    if (!fromForm) return answer;
    // A reply typed on the page: back to its thread, saying what the webhook answered.
    return new Response(null, {
      status: 303,
      headers: { Location: `/_dev/sms?delivered=${answer.status}#thread-${from.replace(/\D/g, '')}` },
    });
  });

  const page: Handler = handler(['GET', 'HEAD'], async (req) => {
    const url = new URL(req.url);
    const number = url.searchParams.get('number') ?? undefined;
    if (number !== undefined && isUnstorableText(number))
      throw new HttpError(400, 'number must not contain NUL characters');
    const texts = await list(number ? { number: toE164(number) ?? number } : {});
    if (url.pathname.endsWith('.json')) return json({ messages: texts }, 200, DEV_HEADERS);
    const delivered = Number(url.searchParams.get('delivered'));
    return devPageResponse(
      renderSmsPage(texts, Number.isInteger(delivered) && delivered > 0 ? { status: delivered } : null),
    );
  });

  return {
    list,
    routes: [
      { path: API_PREFIX, match: 'prefix', handler: api },
      { path: '/_dev/sms', match: 'exact', handler: page },
      { path: '/_dev/sms.json', match: 'exact', handler: page },
      { path: '/_dev/sms/reply', match: 'exact', handler: reply },
    ],
  };
}
