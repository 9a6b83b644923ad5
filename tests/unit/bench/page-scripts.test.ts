/** What `npm run bench:scripts` reads from a built page and its script files. */
import { describe, expect, test } from 'vitest';
import { importsIn, namedScripts } from '../../../bench/page-scripts.ts';

describe('the scripts a built page names', () => {
  test('script tags, islands for every visitor, islands for a session, and inline imports', () => {
    const html = [
      '<script type="module" src="/_astro/page.A1.js"></script>',
      '<astro-island component-url="/_astro/Tool.B2.js" renderer-url="/_astro/client.C3.js" client="afterpaint">',
      '<astro-island component-url="/_astro/AccountMenu.D4.js" renderer-url="/_astro/client.C3.js" client="session">',
      '<template data-after-paint><script type="module">import { a } from "/_astro/behaviour.E5.js";a()</script></template>',
      '<script src="https://example.com/elsewhere.js"></script>',
    ].join('\n');
    expect(namedScripts(html)).toEqual({
      always: ['/_astro/page.A1.js', '/_astro/Tool.B2.js', '/_astro/client.C3.js', '/_astro/behaviour.E5.js'],
      session: ['/_astro/AccountMenu.D4.js', '/_astro/client.C3.js'],
    });
  });
});

describe('the imports of a built module', () => {
  test('static imports and re-exports, apart from dynamic ones, with any quote', () => {
    const code =
      'import{a as e}from"./base.X.js";import"./side.Y.js";export{b}from`./more.Z.js`;' +
      'async function f(){let{c}=await import(`./later.W.js`);return import("./other.V.js")}';
    expect(importsIn(code)).toEqual({
      static: ['./base.X.js', './side.Y.js', './more.Z.js'],
      dynamic: ['./later.W.js', './other.V.js'],
    });
  });
});
