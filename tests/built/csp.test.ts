/**
 * Each built page's Content-Security-Policy, read from dist/: one policy that covers the page's
 * inline code and allows no inline script (src/integrations/html/page-csp.ts). That the pages and
 * their islands then run without a violation is checked in a browser (tests/e2e/a11y-sweep.spec.ts,
 * tests/e2e/csp.spec.ts).
 */
import { expect, test } from 'vitest';
import { auditPageCsp, directive, parsePolicy } from '@/integrations/html/page-csp';
import { builtPages } from './dom';

test('every page has one policy that covers its inline code and allows no inline script', () => {
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(25);
  for (const { file, html } of pages) {
    expect(auditPageCsp(html), file).toEqual([]);
    const policy = parsePolicy(/http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '');
    expect(directive(policy, 'script-src'), file).not.toContain("'unsafe-inline'");
    expect(directive(policy, 'default-src'), file).toEqual(["'self'"]);
    expect(directive(policy, 'object-src'), file).toEqual(["'none'"]);
  }
});
