import { describe, expect, test } from 'vitest';
import { addIslandPreloads, moduleClosure, staticImports } from '@/integrations/html/island-preload';

/** A built module graph: each URL with the URLs it imports. */
const GRAPH: Record<string, string[]> = {
  '/_astro/Quiz.js': ['/_astro/react.js', '/_astro/radio.js'],
  '/_astro/radio.js': ['/_astro/react.js', '/_astro/focus.js'],
  '/_astro/client.js': ['/_astro/react.js'],
  '/_astro/react.js': [],
  '/_astro/focus.js': [],
};
const importsOf = (url: string) => GRAPH[url] ?? [];

describe('island preloads (src/integrations/html/island-preload.ts)', () => {
  test('reads static imports of every form from minified output, not dynamic import()', () => {
    const code =
      'import{j as e}from"./react.B1.js";import"./side.C2.js";export{a}from"./shared.D3.js";const m=()=>import("./lazy.E4.js");';
    expect(staticImports(code)).toEqual(['react.B1.js', 'side.C2.js', 'shared.D3.js']);
  });

  test('follows imports to the end, each file once, in the order first reached', () => {
    expect(moduleClosure(['/_astro/Quiz.js', '/_astro/client.js'], importsOf)).toEqual([
      '/_astro/Quiz.js',
      '/_astro/react.js',
      '/_astro/radio.js',
      '/_astro/focus.js',
      '/_astro/client.js',
    ]);
  });

  test('lists the closure of component and renderer on each island, and leaves other tags alone', () => {
    const page =
      '<main><astro-island uid="a" component-url="/_astro/Quiz.js" renderer-url="/_astro/client.js" ssr><p>quiz</p></astro-island><div component-url="/x.js"></div></main>';
    expect(addIslandPreloads(page, importsOf)).toBe(
      '<main><astro-island uid="a" component-url="/_astro/Quiz.js" renderer-url="/_astro/client.js" ssr data-preload="/_astro/Quiz.js /_astro/react.js /_astro/radio.js /_astro/focus.js /_astro/client.js"><p>quiz</p></astro-island><div component-url="/x.js"></div></main>',
    );
  });

  test('lists the closure of the script file an after-paint part holds, and leaves inline parts alone', () => {
    const part =
      '<template data-after-paint data-for="form"><script type="module" src="/_astro/radio.js"></script></template>';
    const inline = '<template data-after-paint data-for="nav"><script>run()</script></template>';
    expect(addIslandPreloads(part + inline, importsOf)).toBe(
      '<template data-after-paint data-for="form" data-preload="/_astro/radio.js /_astro/react.js /_astro/focus.js"><script type="module" src="/_astro/radio.js"></script></template>' +
        inline,
    );
  });

  test("a desk island's files are asked for from the head, once; other islands' are not", () => {
    // The head as island-runtime.ts leaves it: the desk's directive script before the stylesheet.
    const directive = '<script>(()=>{send();(self.Astro||(self.Astro={})).desk=f})();</script>';
    const css = '<link rel="stylesheet" href="/_astro/a.css">';
    const page =
      `<html><head><title>Desk</title>${directive}${css}</head><body><astro-island component-url="/_astro/Quiz.js" renderer-url="/_astro/client.js" client="desk"></astro-island>` +
      '<astro-island component-url="/_astro/radio.js" client="afterpaint"></astro-island></body></html>';
    const built = addIslandPreloads(page, importsOf);
    const head = built.slice(0, built.indexOf('</head>'));
    expect([...head.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1])).toEqual([
      '/_astro/Quiz.js',
      '/_astro/react.js',
      '/_astro/radio.js',
      '/_astro/focus.js',
      '/_astro/client.js',
    ]);
    // After the directive's script, whose two reads go first (island-runtime.ts), and the stylesheet.
    expect(head.indexOf('<link rel="modulepreload"')).toBeGreaterThan(head.indexOf(css));
    expect(addIslandPreloads(built, importsOf)).toBe(built);
    const elsewhere = page.replace('client="desk"', 'client="afterpaint"');
    expect(addIslandPreloads(elsewhere, importsOf)).not.toContain('modulepreload');
  });

  test('is idempotent: an island that has its list keeps it', () => {
    const once = addIslandPreloads('<astro-island component-url="/_astro/Quiz.js"></astro-island>', importsOf);
    expect(addIslandPreloads(once, importsOf)).toBe(once);
  });
});
