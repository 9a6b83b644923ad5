/**
 * Turns the small behaviour scripts Astro inlines into a page's `<template data-after-paint>`
 * (src/components/AfterPaint.astro) from module scripts into classic scripts with the same code in
 * a strict-mode function of its own. The loader (src/lib/after-paint.ts) starts a part's script by
 * inserting it, then replays the presses it held once the script has run: a classic inline script
 * runs as it is inserted, while an inline module script runs later and tells no one (Chromium
 * fires no `load` for it), so a held press could be replayed before its handler existed. The page
 * policy's hash is computed afterwards, from the new text (src/integrations/html/page-csp.ts).
 */

const TEMPLATE = /(<template data-after-paint\b[^>]*>)([\s\S]*?)(<\/template>)/g;
const INLINE_MODULE = /<script type="module">([\s\S]*?)<\/script>/g;

/**
 * `html` with each inline module script of its after-paint templates made a classic script. A
 * template that names no part of the page (`data-for`) would never start: it fails the build.
 */
export function classicAfterPaintScripts(html: string): string {
  return html.replace(TEMPLATE, (_whole, open: string, body: string, close: string) => {
    if (!/\sdata-for="[^"]+"/.test(open)) throw new Error(`an after-paint template names no part of the page: ${open}`);
    const scripts = body.replace(INLINE_MODULE, (_script, code: string) => {
      // Module-only syntax cannot run as a classic script: such a script must stay a file.
      if (/\bimport\s*[.(]|^\s*import\s|\bexport\s/m.test(code)) {
        throw new Error(`an inline after-paint script uses module syntax: ${code.slice(0, 80)}`);
      }
      return `<script>(()=>{"use strict";${code}})();</script>`;
    });
    return `${open}${scripts}${close}`;
  });
}
