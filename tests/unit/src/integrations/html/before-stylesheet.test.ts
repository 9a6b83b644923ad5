import { describe, expect, test } from 'vitest';
import { scriptsBeforeStylesheet } from '@/integrations/html/before-stylesheet';

const CSP = `<meta http-equiv="content-security-policy" content="script-src 'self'">`;
const CSS = '<link rel="stylesheet" href="/_astro/a.css">';
const LEAVE = 'try{if(none())location.replace("/auth")}catch{}';

describe('scriptsBeforeStylesheet', () => {
  test('moves a marked script from the body to just before the stylesheet, after the policy, unmarked', () => {
    const page = `<html><head><meta charset="utf-8">${CSP}${CSS}</head><body><h1>My Account</h1><script data-before-stylesheet>${LEAVE}</script><p>x</p></body></html>`;
    expect(scriptsBeforeStylesheet(page)).toBe(
      `<html><head><meta charset="utf-8">${CSP}<script>${LEAVE}</script>${CSS}</head><body><h1>My Account</h1><p>x</p></body></html>`,
    );
  });

  test('keeps several in order, and puts them at the end of <head> on a page without a stylesheet', () => {
    const page = `<html><head>${CSP}</head><body><script data-before-stylesheet>a()</script><script data-before-stylesheet>b()</script></body></html>`;
    expect(scriptsBeforeStylesheet(page)).toBe(
      `<html><head>${CSP}<script>a()</script><script>b()</script></head><body></body></html>`,
    );
  });

  test('leaves a page without marked scripts, and unmarked scripts, alone', () => {
    const page = `<html><head>${CSP}${CSS}</head><body><script>${LEAVE}</script></body></html>`;
    expect(scriptsBeforeStylesheet(page)).toBe(page);
  });
});
