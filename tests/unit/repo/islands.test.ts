/**
 * The islands' shared rules (docs/product/performance.md#after-paint-loading, docs/product/accounts.md#auth-state),
 * checked over the source: Headless UI in the widgets that fit it, one reader of the browser's
 * stored session, and no island left on a directive without early input.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { TOOL_ISLANDS } from '@/lib/islands/idle-preload';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const tracked = (...paths: string[]) =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...paths], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

describe('islands', () => {
  test('the account menu and the billing radio group are Headless UI', () => {
    for (const path of ['src/layouts/header/AccountMenuList.tsx', 'src/features/plans/BillingPicker.tsx']) {
      expect(read(path), path).toMatch(/from '@headlessui\/react'/);
    }
  });

  // docs/product/performance.md#performance-decisions, "The quiz's answers are native radio buttons".
  test("the quiz's answers are native radio buttons, with no Headless UI to hydrate", () => {
    const question = read('src/features/diy-quiz/QuizQuestion.tsx');
    expect(question).toMatch(/type="radio"/);
    expect(question).toMatch(/<fieldset/);
    expect(question).not.toMatch(/@headlessui/);
    expect(read('src/features/diy-quiz/DiyQuiz.tsx')).not.toMatch(/@headlessui/);
  });

  test('only the auth module and the session directive read the stored session', () => {
    const readers = tracked('src').filter((path) =>
      /localStorage|hasStoredSession|storedSessionState/.test(read(path)),
    );
    expect(readers.sort()).toEqual(
      [
        'src/features/auth/session.ts',
        'src/features/auth/store.ts',
        'src/features/auth/hydrate-with-session.ts',
        // The desk's directive: the stored token, through session.ts's earlyTokenOf, for its first reads.
        'src/features/owner/hydrate-desk.ts',
        // Keeps contact requests not yet stored, under its own key; it never reads a session.
        'src/features/leads/contact-outbox.ts',
        // Keeps the account page's last known summary, under its own key; it never reads a session.
        'src/features/account/kept-summary.ts',
      ].sort(),
    );
    for (const path of ['src/features/leads/contact-outbox.ts', 'src/features/account/kept-summary.ts']) {
      expect(read(path), path).not.toMatch(/auth-token|hasStoredSession|storedSessionState|storedSessionOf/);
    }
  });

  test('every island uses one of the site directives, which carry early input', () => {
    const islands = tracked('src', 'content')
      .filter((path) => /\.(astro|mdx)$/.test(path))
      .flatMap((path) => [...read(path).matchAll(/client:([a-z]+)/g)].map((m) => `${path}: client:${m[1]}`));
    expect(islands.length).toBeGreaterThan(10);
    // client:desk sends the desk's first reads, then hydrates as client:afterpaint does.
    const others = islands.filter((entry) => !/client:(afterpaint|session|desk)$/.test(entry));
    // /auth/confirm must read the mailed link at once, before anything can be typed.
    expect(others).toEqual(['src/pages/auth/confirm.astro: client:load']);
  });

  test('every tool preloaded at idle is an island placed under that name (a renamed tool would lose its preload)', () => {
    const placed = new Set(
      tracked('src', 'content')
        .filter((path) => /\.(astro|mdx)$/.test(path))
        .flatMap((path) => [...read(path).matchAll(/<([A-Z]\w*)\s[^>]*client:(?:afterpaint|desk)/g)].map((m) => m[1]!)),
    );
    for (const name of TOOL_ISLANDS) expect(placed, name).toContain(name);
    // The islands that are not tools, left to load when they start (docs/product/performance.md#after-paint-loading).
    expect([...placed].filter((name) => !TOOL_ISLANDS.includes(name)).sort()).toEqual([
      'AccountPanel',
      'AuthForm',
      'OwnerDesk',
      'PayPage',
      'PlanSignup',
      'ResetPassword',
      'SubscribeButton',
      'VisitChange',
    ]);
  });
});
