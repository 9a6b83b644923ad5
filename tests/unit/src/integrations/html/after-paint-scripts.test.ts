import { describe, expect, test } from 'vitest';
import { classicAfterPaintScripts } from '@/integrations/html/after-paint-scripts';

const open = '<template data-after-paint data-for="[data-toc]" data-start="near">';

describe('classicAfterPaintScripts', () => {
  test('makes an inline module script of a part a classic one, in a strict function of its own', () => {
    expect(classicAfterPaintScripts(`<main>${open}<script type="module">let a=1;f(a)</script></template></main>`)).toBe(
      `<main>${open}<script>(()=>{"use strict";let a=1;f(a)})();</script></template></main>`,
    );
  });

  test('leaves script files, and scripts outside the parts, as they are', () => {
    const file = `${open}<script type="module" src="/_astro/x.js"></script></template>`;
    const outside = '<script type="module">run()</script>';
    expect(classicAfterPaintScripts(file + outside)).toBe(file + outside);
  });

  test('fails the build on a part without its elements, or an inline script that needs module syntax', () => {
    expect(() => classicAfterPaintScripts('<template data-after-paint data-start="near"></template>')).toThrow(
      'names no part of the page',
    );
    expect(() => classicAfterPaintScripts(`${open}<script type="module">import("./x.js")</script></template>`)).toThrow(
      'module syntax',
    );
  });
});
