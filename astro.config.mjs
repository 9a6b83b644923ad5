// @ts-check
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { buildConfigOf, checkBuildConfig } from './functions/_lib/platform/config-check.ts';
import { devBackend } from './scripts/dev-backend.ts';
import { serviceAreaList } from './src/features/service-area/area-list.server.ts';
import { chunkGroups } from './src/integrations/chunks.ts';
import { deskWorker } from './src/integrations/desk-worker.ts';
import { islandDirectives } from './src/integrations/island-directives.ts';
import { productionBuild } from './src/integrations/production-build.ts';
import { isIndexable } from './src/lib/indexing.ts';
import { updatedDates } from './src/lib/updated-dates.ts';
import { pageCspDirectives } from './src/lib/security-headers.ts';

/** The build variables (README): the site's address, and the hosted auth server when set. */
const buildReport = checkBuildConfig(process.env);
const buildConfig = buildConfigOf(process.env);
/** Those the pages use: none while they have problems (a build then stops; `astro dev` runs locally). */
const usable = buildReport.problems.length === 0 ? buildConfig : null;

/** The repository, where the content and its dates live. */
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
/** When each page last changed, for the sitemap's lastmod (src/lib/updated-dates.ts). */
const lastChanged = updatedDates(repoRoot);

export default defineConfig({
  // The public origin the site is built for; production sets SITE_URL (see README).
  site: usable?.SITE_URL || 'http://localhost:4321',
  output: 'static',
  // One URL form site-wide: no trailing slash, pages built as `page.html`.
  trailingSlash: 'never',
  build: { format: 'file' },
  // No code blocks on the site; Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  // Hashes of every script and style Astro emits, in a <meta> policy on each page.
  security: { csp: { directives: pageCspDirectives(usable?.PUBLIC_SUPABASE_URL || undefined) } },
  integrations: [
    // client:afterpaint and client:session, the site's own hydration directives.
    islandDirectives(),
    react(),
    mdx(),
    sitemap({
      filter: (page) => isIndexable(new URL(page).pathname),
      // lastmod from each page's own updated date; a page without one is left without.
      serialize: (item) => {
        const date = lastChanged.get(new URL(item.url).pathname);
        return date ? { ...item, lastmod: date.toISOString() } : item;
      },
    }),
    // Refuses a half-configured production, then the passes over every built page (docs/build.md).
    productionBuild({
      report: buildReport,
      config: buildConfig,
      repoRoot,
      // README "Your business details": a test build for a public address that may show the examples.
      allowPlaceholders: process.env['ALLOW_PLACEHOLDERS'] === '1',
    }),
    // The owner's desk's service worker, /owner-sw.js, from the finished desk page (after the passes above).
    deskWorker({ repoRoot }),
    // `astro dev` only: the functions, emulators, mailbox and lead list on the dev server's port.
    devBackend(),
  ],
  vite: {
    plugins: [tailwindcss()],
    // The service area's list, computed here once and written into the browser's copy of it
    // (src/features/service-area/served-area.ts).
    define: { __SERVICE_AREA__: JSON.stringify(serviceAreaList()) },
    // The islands' shared script files, by module (src/integrations/chunks.ts).
    build: { rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } } },
  },
});
