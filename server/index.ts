/** Starts the Node server on PORT (default 4321) and shuts it down cleanly on SIGINT/SIGTERM. */
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';

const port = Number(process.env['PORT'] ?? 4321);
const host = process.env['HOST'] ?? '0.0.0.0';
const distDir = fileURLToPath(new URL('../dist', import.meta.url));

const server = createApp({ distDir });
server.listen(port, host, () => {
  console.log(`Springfield Home Maintenance is running at http://localhost:${port}`);
});

function shutdown(signal: string): void {
  console.log(`${signal} received: finishing open requests, then stopping.`);
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  // Requests still open after 10 s are cut so a stuck client cannot hold the process forever.
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));
