/**
 * The site's clock: what the functions read when they decide by "now" or "today" (a plan still
 * live, the first day a visit may be booked, the visits still to come). Real time, except in the
 * embedded default, whose server installs its one clock at start (server/embedded/clock/) so
 * tests move time with POST /_dev/clock instead of waiting; production never installs one.
 * Stamps of when something happened (rows, lead timestamps) and transport times (token expiry,
 * webhook signatures, retry backoff) stay on real time.
 */

let source: () => number = Date.now;

/** The current time as the site decides by it. */
export function now(): Date {
  return new Date(source());
}

/** Installs the embedded default's clock (milliseconds since the epoch); `Date.now` puts real time back. */
export function installClock(clock: () => number): void {
  source = clock;
}
