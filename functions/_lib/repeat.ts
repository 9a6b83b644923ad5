/**
 * The Node server's stand-in for a Netlify scheduled function: a check run at once and then every
 * `everyMs` (the timer never keeps the process alive); a failed check is one logged line, named,
 * and the next one runs as planned. `stop` clears the timer and waits for a check under way.
 */
export function repeatEvery(
  name: string,
  everyMs: number,
  check: () => Promise<unknown>,
  log: (message: string) => void = console.error,
): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = check().catch((error: unknown) => log(`${name}: ${String(error)}`));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
