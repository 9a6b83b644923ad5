/**
 * A stand-in for the automation tool's webhooks: an HTTP server on 127.0.0.1 that records what it
 * receives and can be told to accept, fail with 500, hang, fail at random, or be down altogether.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the sink answers. */
export type SinkMode = 'ok' | 'fail' | 'hang' | 'flaky';

/** One request the sink received. */
export interface SinkRequest {
  path: string;
  idempotencyKey: string | undefined;
  body: Record<string, unknown>;
  /** Whether the sink answered 2xx (the lead counts as received by the tool). */
  accepted: boolean;
}

/** A running sink. */
export interface WebhookSink {
  /** `http://127.0.0.1:<port>`, kept across down/up. */
  readonly origin: string;
  readonly requests: SinkRequest[];
  /** The requests answered 2xx. */
  accepted(): SinkRequest[];
  setMode(mode: SinkMode): void;
  /** Stops listening: connections are refused until `up()`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
}

/** Starts a sink in `ok` mode on a random port. */
export async function startWebhookSink(): Promise<WebhookSink> {
  let mode: SinkMode = 'ok';
  let port = 0;
  let server: Server | null = null;
  const requests: SinkRequest[] = [];

  const listen = async () => {
    const s = createServer((req, res) => {
      void readBody(req).then((body) => {
        const current = mode;
        if (current === 'hang') return;
        const accepted = current === 'ok' || (current === 'flaky' && Math.random() < 0.5);
        const key = req.headers['idempotency-key'];
        requests.push({
          path: req.url ?? '',
          idempotencyKey: typeof key === 'string' ? key : undefined,
          body,
          accepted,
        });
        res.writeHead(accepted ? 200 : 500, { 'Content-Type': 'text/plain' }).end(accepted ? 'ok' : 'down');
      });
    });
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.address() as AddressInfo).port;
    server = s;
  };
  await listen();

  return {
    get origin() {
      return `http://127.0.0.1:${port}`;
    },
    requests,
    accepted: () => requests.filter((r) => r.accepted),
    setMode(next) {
      mode = next;
    },
    async down() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async up() {
      if (!server) await listen();
    },
  };
}

/** Polls `check` until it returns true, failing after `timeoutMs`. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
