import { describe, expect, test } from 'vitest';
import {
  FUNCTION_CSP,
  functionSecurityHeaders,
  HSTS,
  pageCspDirectives,
  STATIC_CSP,
} from '../../../../src/lib/security-headers.ts';

describe('the page policy', () => {
  test('the embedded default: everything from the site itself', () => {
    expect(pageCspDirectives()).toContain("connect-src 'self'");
    expect(pageCspDirectives()).toContain("default-src 'self'");
    expect(pageCspDirectives()).toContain("object-src 'none'");
    // The site's own images, and the favicon each page carries as a data: URL.
    expect(pageCspDirectives()).toContain("img-src 'self' data:");
  });

  test('production: the browser may also reach the Supabase project, and only its origin', () => {
    expect(pageCspDirectives('https://abcdefghijkl.supabase.co/')).toContain(
      "connect-src 'self' https://abcdefghijkl.supabase.co",
    );
  });

  test('leaves script-src and style-src to the build, which writes them with hashes', () => {
    expect(pageCspDirectives().some((d) => /^(script|style)-src/.test(d))).toBe(false);
  });
});

describe('header policies', () => {
  test('every file: no framing, no other base or plugin, forms post to the site; no script rule', () => {
    expect(STATIC_CSP).toBe("frame-ancestors 'none'; base-uri 'self'; object-src 'none'; form-action 'self'");
    expect(STATIC_CSP).not.toMatch(/script-src|default-src/);
  });

  test('function answers load nothing, and carry HSTS when they came over HTTPS', () => {
    expect(functionSecurityHeaders('https://www.example.com/api/contact')).toEqual({
      'Content-Security-Policy': FUNCTION_CSP,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Strict-Transport-Security': HSTS,
    });
    expect(functionSecurityHeaders('http://127.0.0.1:4321/api/contact')['Strict-Transport-Security']).toBeUndefined();
    expect(FUNCTION_CSP).toContain("default-src 'none'");
  });
});
