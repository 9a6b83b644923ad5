/** The valid-markup pass (docs/build.md): React's camel-case attributes in lower case, body `<noscript><style>` in the head. */
import { describe, expect, test } from 'vitest';
import { validMarkup } from '@/integrations/html/valid-markup';

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

describe('validMarkup', () => {
  test('writes the attributes React spells in camel case in lower case, values untouched', () => {
    const html = page(
      '',
      '<form noValidate="" class="a"><input id="x" type="tel" autoComplete="tel" inputMode="tel" placeholder="Name Here"></form>',
    );
    expect(validMarkup(html)).toBe(
      page(
        '',
        '<form novalidate="" class="a"><input id="x" type="tel" autocomplete="tel" inputmode="tel" placeholder="Name Here"></form>',
      ),
    );
  });

  test('leaves SVG attributes as SVG spells them', () => {
    const html = page('', '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M0 0"/></svg><p tabIndex="0">x</p>');
    expect(validMarkup(html)).toBe(
      page('', '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M0 0"/></svg><p tabindex="0">x</p>'),
    );
  });

  test('moves a body <noscript><style> to the end of the head, its text unchanged', () => {
    const style = '<noscript><style>[data-x]{display:none !important}</style></noscript>';
    const html = page('<meta name="a" content="b">', `<div><button data-x>x</button>${style}<p>after</p></div>`);
    expect(validMarkup(html)).toBe(
      page(`<meta name="a" content="b">${style}`, '<div><button data-x>x</button><p>after</p></div>'),
    );
  });

  test('leaves a <noscript> with words in the body, and a page with nothing to change as it is', () => {
    const html = page('', '<div><noscript><p>The check needs JavaScript.</p></noscript></div>');
    expect(validMarkup(html)).toBe(html);
  });
});
