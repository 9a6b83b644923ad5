import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { auditPageCsp, completePageCsp, directive, parsePolicy, sha256Source } from '@/integrations/html/page-csp';

const META = `<meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' SCRIPTS; style-src 'self' STYLES;">`;

function page(head: string, body = '', { scripts = '', styles = '' } = {}): string {
  const meta = META.replace('SCRIPTS', scripts).replace('STYLES', styles);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><script type="application/ld+json">{"@type":"Thing"}</script>${meta}${head}</head><body>${body}</body></html>`;
}

const policyOf = (html: string) =>
  parsePolicy(/content-security-policy" content="([^"]*)"/.exec(html)?.[1]?.replaceAll('&#39;', "'") ?? '');

describe('completing a page policy', () => {
  test("hashes are the browser's: sha256 of the element's text, base64", () => {
    const expected = createHash('sha256').update('console.log("hi")').digest('base64');
    expect(sha256Source('console.log("hi")')).toBe(`'sha256-${expected}'`);
  });

  test('adds the hash of every inline script and style the policy lacks, <noscript> styles included', () => {
    const known = 'self.known=1';
    const html = page(
      `<script>${known}</script><script type="module">import("/_astro/a.js")</script><style>.a{color:red}</style>`,
      '<noscript><style>[data-x]{display:none}</style></noscript><script src="/_astro/b.js" type="module"></script>',
      { scripts: sha256Source(known) },
    );
    const { html: completed, added, errors } = completePageCsp(html);
    expect(errors).toEqual([]);
    expect(added).toEqual([
      `script-src ${sha256Source('import("/_astro/a.js")')}`,
      `style-src ${sha256Source('.a{color:red}')}`,
      `style-src ${sha256Source('[data-x]{display:none}')}`,
    ]);
    const policy = policyOf(completed);
    expect(directive(policy, 'script-src')).toEqual([
      "'self'",
      sha256Source(known),
      sha256Source('import("/_astro/a.js")'),
    ]);
    expect(directive(policy, 'default-src')).toEqual(["'self'"]);
    expect(auditPageCsp(completed)).toEqual([]);
    // Everything but the policy is left byte for byte.
    expect(completed.replace(/<meta http-equiv[^>]*>/, '')).toBe(html.replace(/<meta http-equiv[^>]*>/, ''));
  });

  test('JSON-LD is data, not script: no hash needed', () => {
    expect(completePageCsp(page('')).added).toEqual([]);
  });

  test('removes the hashes that match no inline script or style of the page, and keeps the rest', () => {
    const used = 'self.used=1';
    const unusedScript = sha256Source('self.elsewhere=1');
    const unusedStyle = sha256Source('.elsewhere{color:red}');
    const html = page(`<script>${used}</script>`, '', {
      scripts: `${unusedScript} ${sha256Source(used)} 'sha384-notOnThisPage'`,
      styles: unusedStyle,
    });
    expect(auditPageCsp(html)).toEqual([
      `unused script-src ${unusedScript}`,
      "unused script-src 'sha384-notOnThisPage'",
      `unused style-src ${unusedStyle}`,
    ]);
    const { html: completed, added, removed, errors } = completePageCsp(html);
    expect({ added, errors }).toEqual({ added: [], errors: [] });
    expect(removed).toHaveLength(3);
    const policy = policyOf(completed);
    expect(directive(policy, 'script-src')).toEqual(["'self'", sha256Source(used)]);
    expect(directive(policy, 'style-src')).toEqual(["'self'"]);
    expect(auditPageCsp(completed)).toEqual([]);
  });

  test('a page that needs nothing is returned unchanged', () => {
    const html = page('<link rel="stylesheet" href="/_astro/site.css">');
    expect(completePageCsp(html)).toEqual({ html, added: [], removed: [], errors: [] });
  });
});

describe('what no hash can allow fails the build', () => {
  test.each([
    [
      'a style attribute',
      page('', '<div style="width: 70%"></div>'),
      '<div style="width: 70%">: inline style attributes are blocked',
    ],
    [
      'an event handler',
      page('', '<button onclick="go()">Go</button>'),
      '<button onclick>: inline event handlers are blocked',
    ],
    [
      'a javascript: link',
      page('', '<a href="javascript:void(0)">x</a>'),
      '<a href="javascript:...">: javascript: URLs are blocked',
    ],
    [
      "'unsafe-inline' scripts",
      page('').replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
      "script-src allows 'unsafe-inline'",
    ],
  ])('%s', (_what, html, error) => {
    expect(completePageCsp(html).errors).toEqual([error]);
  });

  test('a page without a policy, or with a script before it', () => {
    expect(auditPageCsp('<!doctype html><html><head><script>x()</script></head></html>')).toEqual([
      '<script> at offset 27 comes before the CSP <meta>',
      'expected one CSP <meta>, found 0',
    ]);
  });
});
