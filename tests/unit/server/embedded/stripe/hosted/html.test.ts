import { describe, expect, test } from 'vitest';
import { escapeHtml } from '../../../../../../server/embedded/dev-page.ts';
import { formatMoney } from '../../../../../../server/embedded/stripe/hosted/html.ts';

describe('hosted page helpers', () => {
  test('escapes markup and formats money', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    expect(formatMoney(3900, 'usd')).toBe('$39.00');
  });
});
