/**
 * Requests exactly as a hostile client writes them: any method, the path sent as is (dot-segments
 * and percent-encodings untouched, unlike fetch), any headers and body bytes, optionally from
 * another loopback address; and raw bytes on a socket for what is not HTTP at all.
 */
import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

/** One request. */
export interface Probe {
  method: string;
  /** Path and query, sent verbatim. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Source address (any of 127.0.0.0/8), so per-IP limits can be exercised from several clients. */
  from?: string;
}

/** The answer to a probe. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

const agents = new Map<string, Agent>();

function agentFor(from: string | undefined): Agent {
  const key = from ?? '';
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 16, ...(from ? { localAddress: from } : {}) });
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept-alive sockets (before a server is killed, and at the end of a suite). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** What `send` answers when the server cut the connection instead of answering (e.g. mid-upload of a huge body). */
export const DROPPED = 0;

/** Sends a probe to `origin` and reads the whole answer. */
export function send(origin: string, probe: Probe): Promise<Answer> {
  return sendOnce(origin, probe, false);
}

function sendOnce(origin: string, probe: Probe, fresh: boolean): Promise<Answer> {
  const url = new URL(origin);
  const headers = { ...probe.headers };
  const framed = Object.keys(headers).some((h) => /^(content-length|transfer-encoding)$/i.test(h));
  // Node's client frames a GET body with neither header, which reads as garbage after the request.
  if (probe.body !== undefined && !framed) headers['content-length'] = String(Buffer.byteLength(probe.body));
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: probe.method,
        path: probe.path,
        headers,
        // A retry, or a body the server may cut off, gets its own connection, so a socket the server
        // closes is never handed to the next request.
        ...(fresh || Buffer.byteLength(probe.body ?? '') > 16 * 1024
          ? { agent: false, ...(probe.from ? { localAddress: probe.from } : {}) }
          : { agent: agentFor(probe.from) }),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
        });
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`${probe.method} ${probe.path}: no answer in 30 s`)));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // The server closed a kept-alive socket just as this request reused it: Node's advice is to retry.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !fresh) {
        sendOnce(origin, probe, true).then(resolve, reject);
        return;
      }
      // A server may refuse a body by closing the connection while it is still being sent.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') {
        resolve({ status: DROPPED, headers: {}, body: Buffer.alloc(0), text: '' });
      } else reject(error);
    });
    req.end(probe.body);
  });
}

/** The status line's code of the answer to raw bytes, or null when the server just closed. */
export function sendRaw(origin: string, bytes: Buffer): Promise<{ status: number | null; text: string }> {
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy());
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      // One answer is enough; a parser error closes the connection anyway.
      if (Buffer.concat(chunks).includes('\r\n\r\n')) socket.end();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') resolve({ status: null, text: '' });
      else reject(error);
    });
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
      resolve({ status: status ? Number(status) : null, text });
    });
    socket.end(bytes);
  });
}

/** A request with a long body, and what became of it (see `uploadPastAnswer`). */
export interface Upload {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Body bytes to send, in 64 KB pieces. */
  size: number;
  /** Sent with `Transfer-Encoding: chunked` instead of a `Content-Length`. */
  chunked: boolean;
}

/** What the client saw: the answer's status (null: none), and the socket error it got, if any. */
export interface UploadOutcome {
  status: number | null;
  /** `ECONNRESET`, `EPIPE` or a timeout: the server cut the connection under a client still sending. */
  reset: string | null;
}

const PIECE = 64 * 1024;

/**
 * Sends `upload` on its own socket as a browser or curl does: the whole body, piece by piece, even
 * after the server has answered (an early 413, 401 or 405), then closes its side and waits for the
 * server to close. A server that cuts the connection while the body still arrives resets it, and a
 * client that has not read the answer yet loses it: that reset is what this reports.
 */
export function uploadPastAnswer(origin: string, upload: Upload): Promise<UploadOutcome> {
  const url = new URL(origin);
  const framing = upload.chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${upload.size}`;
  const head =
    `${upload.method} ${upload.path} HTTP/1.1\r\nHost: ${url.host}\r\n${framing}\r\n` +
    Object.entries(upload.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port: Number(url.port) });
    const received: Buffer[] = [];
    let reset: string | null = null;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      reset ??= error.code ?? error.message;
    });
    socket.setTimeout(30_000, () => {
      reset ??= 'no close within 30 s';
      socket.destroy();
    });
    socket.on('close', () => {
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(Buffer.concat(received).toString('latin1'))?.[1];
      resolve({ status: status ? Number(status) : null, reset });
    });
    const write = (bytes: string | Buffer) =>
      new Promise<boolean>((done) => {
        if (socket.destroyed) done(false);
        else socket.write(bytes, (error) => done(!error));
      });
    const piece = Buffer.alloc(PIECE, 0x7b);
    void (async () => {
      if (!(await write(head))) return;
      for (let sent = 0; sent < upload.size; sent += PIECE) {
        const part = piece.subarray(0, Math.min(PIECE, upload.size - sent));
        const framed = upload.chunked
          ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n')])
          : part;
        if (!(await write(framed))) return;
      }
      if (upload.chunked && !(await write('0\r\n\r\n'))) return;
      socket.end();
    })();
  });
}
