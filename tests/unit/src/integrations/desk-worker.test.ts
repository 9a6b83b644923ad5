/**
 * The desk worker's list (src/integrations/desk-worker.ts, docs/product/desk.md#owners-desk,
 * "Offline shell"): the files a built page loads, read from its HTML, and the modules those load.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  allowWorker,
  deskBuildId,
  deskPrecache,
  manifestIcons,
  moduleFiles,
  pageFileUrls,
} from '@/integrations/desk-worker';

/** A desk page as the build writes it, cut down: links of every kind, an inline script, an island. */
const PAGE = `<!DOCTYPE html><html lang="en"><head>
<meta http-equiv="content-security-policy" content="default-src 'self'; frame-src 'none'; worker-src 'none'; script-src 'self'">
<link rel="canonical" href="https://www.example.com/owner">
<link rel="icon" href="data:image/svg+xml,%3csvg%3e%3c/svg%3e" type="image/svg+xml">
<link rel="sitemap" href="/sitemap-index.xml">
<link rel="alternate" type="application/rss+xml" title="Blog" href="/rss.xml">
<link rel="expect" href="#main" blocking="render">
<link rel="manifest" href="/owner.webmanifest">
<link rel="apple-touch-icon" href="/apple-touch-icon.png">
<link rel="stylesheet" href="/_astro/BaseLayout.abc.css">
<link rel="modulepreload" href="/_astro/OwnerDesk.123.js">
<script>document.querySelector(\`link[href="\${CSS.escape(r)}"]\`); const s = '<link rel="stylesheet" href="/_astro/not-loaded.css">';</script>
<script type="module" src="/_astro/page.456.js"></script>
</head><body><a href="/">Back to the website</a>
<astro-island uid="Z1" component-url="/_astro/OwnerDesk.123.js" component-export="default" renderer-url="/_astro/client.789.js" client="desk" data-preload="/_astro/OwnerDesk.123.js /_astro/react.aaa.js /_astro/client.789.js" ssr></astro-island>
<img src="https://other.example/x.png" alt=""></body></html>`;

describe('pageFileUrls', () => {
  test('lists the files the page loads, each once, and nothing it only links to', () => {
    expect(pageFileUrls(PAGE)).toEqual([
      '/owner.webmanifest',
      '/apple-touch-icon.png',
      '/_astro/BaseLayout.abc.css',
      '/_astro/OwnerDesk.123.js',
      '/_astro/page.456.js',
      '/_astro/client.789.js',
      '/_astro/react.aaa.js',
    ]);
  });

  test('reads no URL an inline script writes, nor another origin, a fragment or a data: URL', () => {
    const urls = pageFileUrls(PAGE);
    expect(urls).not.toContain('/_astro/not-loaded.css');
    expect(urls.every((url) => url.startsWith('/') && !url.startsWith('//'))).toBe(true);
    expect(urls).not.toContain('/rss.xml');
    expect(urls).not.toContain('/sitemap-index.xml');
  });
});

describe('moduleFiles', () => {
  test("a module's static imports, its import()s and its preload map's entries", () => {
    const code =
      'import{a as e}from"./react.aaa.js";import"./base.bbb.js";export{x}from"./x.ccc.js";' +
      'const m=["_astro/toaster.ddd.js","_astro/Week.eee.css"];' +
      'const q=lazy(()=>import(`./ToConfirm.fff.js`));import("./Week.ggg.js");';
    expect(moduleFiles(code).sort()).toEqual(
      [
        'react.aaa.js',
        'base.bbb.js',
        'x.ccc.js',
        'ToConfirm.fff.js',
        'Week.ggg.js',
        'toaster.ddd.js',
        'Week.eee.css',
      ].sort(),
    );
  });
});

test("manifestIcons: the icons' paths", () => {
  const manifest = JSON.stringify({ icons: [{ src: '/owner/icon-192.png' }, { src: 'https://cdn.example/x.png' }] });
  expect(manifestIcons(manifest)).toEqual(['/owner/icon-192.png']);
  expect(manifestIcons('{}')).toEqual([]);
});

test("allowWorker: the page's policy allows a worker from the site, and only that directive changes", () => {
  const allowed = allowWorker(PAGE);
  expect(allowed).toContain("frame-src 'none'; worker-src 'self'; script-src 'self'");
  expect(allowed.replace("worker-src 'self'", "worker-src 'none'")).toBe(PAGE);
});

describe('deskPrecache over a built site', () => {
  const root = mkdtempSync(join(tmpdir(), 'desk-worker-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('owner.html', PAGE);
  write('owner.webmanifest', JSON.stringify({ icons: [{ src: '/owner/icon-192.png' }] }));
  write('owner/icon-192.png', 'png');
  write('apple-touch-icon.png', 'png');
  write('_astro/BaseLayout.abc.css', 'body{}');
  write('_astro/OwnerDesk.123.js', 'import"./react.aaa.js";const v=()=>import(`./View.hhh.js`);');
  write('_astro/View.hhh.js', 'import"./dates.iii.js";');
  write('_astro/dates.iii.js', '');
  write('_astro/page.456.js', '');
  write('_astro/client.789.js', 'import"./react.aaa.js";');
  write('_astro/react.aaa.js', '');

  test('the page, every file it names, every module those load now or later, and the icons', () => {
    const list = deskPrecache(root, '/owner');
    expect(list[0]).toBe('/owner');
    expect([...list].sort()).toEqual(
      [
        '/owner',
        '/owner.webmanifest',
        '/apple-touch-icon.png',
        '/_astro/BaseLayout.abc.css',
        '/_astro/OwnerDesk.123.js',
        '/_astro/View.hhh.js',
        '/_astro/dates.iii.js',
        '/_astro/page.456.js',
        '/_astro/client.789.js',
        '/_astro/react.aaa.js',
        '/owner/icon-192.png',
      ].sort(),
    );
  });

  test('a new build id when a kept file changes, though the list is the same', () => {
    const list = deskPrecache(root, '/owner');
    const before = deskBuildId(root, list);
    expect(deskBuildId(root, list)).toBe(before);
    write('owner/icon-192.png', 'another png');
    expect(deskBuildId(root, list)).not.toBe(before);
  });

  test('refuses a list naming a file the build does not have', () => {
    write('_astro/dates.iii.js', 'import"./gone.jjj.js";');
    expect(() => deskPrecache(root, '/owner')).toThrow(/\/_astro\/gone\.jjj\.js/);
  });
});
