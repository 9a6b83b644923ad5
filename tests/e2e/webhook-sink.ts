/**
 * A local stand-in for the owner's automation tool (ORDER_WEBHOOK_URL): records every POST with
 * its Idempotency-Key and JSON body, and can hold its answers (never answering until released),
 * so a test can stop the server while a delivery is in flight.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the sink received. */
export interface Received {
  key: string;
  body: Record<string, unknown>;
}

/** A running sink. */
export interface WebhookSink {
  url: string;
  /** Every POST so far, in order (a repeat of a delivery appears again). */
  received: Received[];
  /** While true, requests are read and recorded but not answered. */
  hold: boolean;
  /** Answers every held request with 200 (the server may have gone away meanwhile). */
  release(): void;
  close(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1. */
export async function startWebhookSink(): Promise<WebhookSink> {
  const held: ServerResponse[] = [];
  const sink: WebhookSink = {
    url: '',
    received: [],
    hold: false,
    release() {
      for (const res of held.splice(0)) if (!res.destroyed) res.writeHead(200).end('{}');
    },
    close: () =>
      new Promise((resolve) => {
        sink.release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      sink.received.push({
        key: String(req.headers['idempotency-key'] ?? ''),
        body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>,
      });
      if (sink.hold) held.push(res);
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
  return sink;
}
