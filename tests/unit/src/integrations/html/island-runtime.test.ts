import { describe, expect, test } from 'vitest';
import { hoistIslandRuntime } from '@/integrations/html/island-runtime';

const STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
const RUNTIME = '<script>(()=>{class f extends HTMLElement{};customElements.define("astro-island",f)})();</script>';
const DIRECTIVE = '<script>(()=>{(self.Astro||(self.Astro={})).session=f;})();</script>';
const OTHER = '<script>(()=>{document.title="x"})();</script>';

describe('hoistIslandRuntime', () => {
  test('moves the runtime and the directives to the end of <body>, in order, and the style into <head>', () => {
    const page = `<html><head><meta charset="utf-8"></head><body><header><a>Call</a>${STYLE}${DIRECTIVE}${RUNTIME}<astro-island></astro-island></header>${OTHER}</body></html>`;
    expect(hoistIslandRuntime(page)).toBe(
      `<html><head><meta charset="utf-8">${STYLE}</head><body><header><a>Call</a><astro-island></astro-island></header>${OTHER}${DIRECTIVE}${RUNTIME}</body></html>`,
    );
  });

  test("the desk's directive, which sends the desk's first reads as it is defined, goes into <head> before the stylesheet", () => {
    const desk = '<script>(()=>{send();(self.Astro||(self.Astro={})).desk=f;})();</script>';
    const css = '<link rel="stylesheet" href="/_astro/a.css">';
    const page = `<html><head><meta charset="utf-8">${css}</head><body>${STYLE}${DIRECTIVE}${desk}${RUNTIME}<astro-island></astro-island></body></html>`;
    expect(hoistIslandRuntime(page)).toBe(
      `<html><head><meta charset="utf-8">${desk}${css}${STYLE}</head><body><astro-island></astro-island>${DIRECTIVE}${RUNTIME}</body></html>`,
    );
  });

  test('leaves a page without islands, and scripts of the page itself, alone', () => {
    const page = `<html><head></head><body>${OTHER}</body></html>`;
    expect(hoistIslandRuntime(page)).toBe(page);
  });
});
