import { describe, expect, test } from 'vitest';
import {
  afterSignOutPath,
  CONFIRM_PATH,
  forwardAuthError,
  forwardAuthErrorScript,
  markAuthLink,
  markAuthLinkScript,
  parseAuthLink,
} from '@/features/auth/link';

/** An inline script's text made a function of the page globals it names. */
type InlineScript = (...globals: unknown[]) => void;

/** A page as markAuthLink sees it: <html>'s dataset, the address and the history it may replace. */
function page(href: string) {
  const url = new URL(href);
  const root = { dataset: {} as DOMStringMap };
  const replaced: string[] = [];
  const history = { state: null, replaceState: (_state: unknown, _unused: string, to: string) => replaced.push(to) };
  return { root, replaced, history, location: { hash: url.hash, pathname: url.pathname, search: url.search } };
}

describe('markAuthLink (docs/product/accounts.md#email-confirmation: the error never stays in the address bar)', () => {
  test('an error is noted and taken out of the address, the query kept', () => {
    const p = page(
      'https://site.example/auth/reset?x=1#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
    markAuthLink(p.root, p.location, p.history);
    expect(p.root.dataset['authLink']).toBe('error:otp_expired');
    expect(p.replaced).toEqual(['/auth/reset?x=1']);
  });

  test('an error without a code is still an error', () => {
    const p = page('https://site.example/auth/confirm#error_description=Something+went+wrong');
    markAuthLink(p.root, p.location, p.history);
    expect(p.root.dataset['authLink']).toBe('error:unknown');
  });

  test('a session is noted with its type and left for the sign-in client to read', () => {
    const p = page('https://site.example/auth/reset#access_token=a.b.c&refresh_token=r&type=recovery');
    markAuthLink(p.root, p.location, p.history);
    expect(p.root.dataset['authLink']).toBe('session:recovery');
    expect(p.replaced).toEqual([]);
  });

  test('nothing in the fragment: nothing noted, nothing replaced', () => {
    for (const href of ['https://site.example/auth/reset', 'https://site.example/auth/reset#needs-javascript']) {
      const p = page(href);
      markAuthLink(p.root, p.location, p.history);
      expect(p.root.dataset).toEqual({});
      expect(p.replaced).toEqual([]);
    }
  });

  test('the inline script is self-contained: it runs with only the page globals', () => {
    const p = page('https://site.example/auth/confirm#error=access_denied&error_code=otp_expired');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the inline script's text, as the page does
    (new Function('document', 'location', 'history', markAuthLinkScript()) as InlineScript)(
      { documentElement: p.root },
      p.location,
      p.history,
    );
    expect(p.root.dataset['authLink']).toBe('error:otp_expired');
  });
});

describe('forwardAuthError (docs/product/accounts.md#email-confirmation: an error landing elsewhere is explained on /auth/confirm)', () => {
  /** An address as forwardAuthError sees it, and where it was sent, if anywhere. */
  function landing(href: string) {
    const replaced: string[] = [];
    return { replaced, location: { hash: new URL(href).hash, replace: (to: string) => replaced.push(to) } };
  }
  const SPENT =
    '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=';

  test('an auth error goes on to the landing page with its fragment, whatever page it landed on', () => {
    for (const path of ['/', '/services/air-filter-replacement', '/no-such-page', '/auth']) {
      const l = landing(`https://site.example${path}?x=1${SPENT}`);
      forwardAuthError(l.location, '/auth/confirm');
      expect(l.replaced, path).toEqual([`/auth/confirm${SPENT}`]);
    }
  });

  test('any auth error code, and an error with only its description, goes on too', () => {
    for (const hash of [
      '#error=access_denied&error_code=flow_state_expired&error_description=x',
      '#error_description=Something+went+wrong',
      '#sb=&error_code=validation_failed',
    ]) {
      const l = landing(`https://site.example/${hash}`);
      forwardAuthError(l.location, '/auth/confirm');
      expect(l.replaced, hash).toEqual([`/auth/confirm${hash}`]);
    }
  });

  test("a session, an anchor or the site's own fragments stay where they are", () => {
    for (const hash of [
      '',
      '#booking',
      '#error',
      '#signed-out-here',
      '#needs-javascript',
      '#calculate-your-schedule',
      '#access_token=a.b.c&refresh_token=r&type=signup',
      '#no_error_description=x',
    ]) {
      const l = landing(`https://site.example/${hash}`);
      forwardAuthError(l.location, '/auth/confirm');
      expect(l.replaced, hash).toEqual([]);
    }
  });

  test('the inline script is self-contained and sends the error to /auth/confirm', () => {
    const l = landing(`https://site.example/${SPENT}`);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs the inline script's text, as the page does
    (new Function('location', forwardAuthErrorScript()) as InlineScript)(l.location);
    expect(l.replaced).toEqual([`${CONFIRM_PATH}${SPENT}`]);
    expect(CONFIRM_PATH).toBe('/auth/confirm');
  });
});

describe('parseAuthLink', () => {
  test.each([
    ['session:recovery', { kind: 'session', type: 'recovery' }],
    ['session:', { kind: 'session', type: '' }],
    ['error:otp_expired', { kind: 'error', code: 'otp_expired' }],
    ['', { kind: 'none' }],
    ['junk', { kind: 'none' }],
    [':x', { kind: 'none' }],
  ])('%j', (note, link) => {
    expect(parseAuthLink(note)).toEqual(link);
  });
});

describe('afterSignOutPath (docs/product/accounts.md#sign-out)', () => {
  test('home after signing out everywhere; /auth, which says why, when only this device was', () => {
    expect(afterSignOutPath('everywhere')).toBe('/');
    expect(afterSignOutPath('this-device')).toBe('/auth#signed-out-here');
  });
});
