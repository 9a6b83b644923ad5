import { describe, expect, test } from 'vitest';
import { escapeHtml } from '@/lib/html';

describe('escapeHtml', () => {
  test('escapes markup, quotes and ampersands', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
