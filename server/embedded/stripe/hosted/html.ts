/**
 * What the emulator's hosted pages share: dates as Stripe's pages show them (money:
 * src/lib/money.ts), and the
 * page itself in the dev pages' shell (server/embedded/dev-page.ts) under a test-mode banner.
 */
import { devPageResponse, renderDevPage } from '../../dev-page.ts';

/** "December 22, 2026" for unix seconds (UTC, as the emulator bills). */
export function formatDate(seconds: number): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(seconds * 1000));
}

/** The origin of an absolute URL, or null. */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A complete hosted page. `formTargets` are origins a form on it may be redirected to. */
export function htmlPage(
  status: number,
  title: string,
  content: string,
  formTargets: readonly (string | null)[] = [],
): Response {
  const html = renderDevPage({
    title,
    content,
    banner: 'Test mode: a local emulator of Stripe. No real card is charged.',
  });
  return devPageResponse(html, { status, formTargets });
}

/** A redirect after a form POST (303, so the browser follows with GET). */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}
