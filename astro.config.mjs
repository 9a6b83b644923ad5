// @ts-check
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { isIndexable } from './src/lib/indexing.ts';

/** The public origin the site is built for; production sets SITE_URL (see README). */
const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  // One URL form site-wide: no trailing slash, pages built as `page.html`.
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react(), mdx(), sitemap({ filter: (page) => isIndexable(new URL(page).pathname) })],
  vite: { plugins: [tailwindcss()] },
});
