// @ts-check
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import mdx from '@astrojs/mdx';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { buildConfigOf, checkBuildConfig, describeProblems } from './functions/_lib/config-check.ts';
import { BUILD_CONFIG_FILE } from './functions/_lib/config.ts';
import { devBackend } from './scripts/dev-backend.ts';
import { classicAfterPaintScripts } from './src/integrations/html/after-paint-scripts.ts';
import { addIslandPreloads, builtImports } from './src/integrations/html/island-preload.ts';
import { wrapArticleParts } from './src/integrations/html/article-parts.ts';
import { hoistIslandRuntime } from './src/integrations/html/island-runtime.ts';
import { completePageCsp } from './src/integrations/html/page-csp.ts';
import { isIndexable } from './src/lib/indexing.ts';
import { updatedDates } from './src/lib/updated-dates.ts';
import { placeholderWarning } from './src/features/testimonials/placeholders.ts';
import { pageCspDirectives } from './src/lib/security-headers.ts';

/** The build variables (README): the site's address, and the hosted auth server when set. */
const buildReport = checkBuildConfig(process.env);
const buildConfig = buildConfigOf(process.env);

/** The repository, where the content and its dates live. */
const repoRoot = fileURLToPath(new URL('.', import.meta.url));
/** When each page last changed, for the sitemap's lastmod (src/lib/updated-dates.ts). */
const lastChanged = updatedDates(repoRoot);

/** The public origin the site is built for; production sets SITE_URL (see README). */
const site = (buildReport.problems.length === 0 && buildConfig.SITE_URL) || 'http://localhost:4321';

/**
 * Refuses to build pages for a half-configured production (a hosted auth server without its key
 * or the site's address), then, once the pages are written, moves the island runtime to the end of each
 * page (src/integrations/html/island-runtime.ts), lists on each island the script files it needs
 * (src/integrations/html/island-preload.ts), makes the inlined behaviour scripts classic ones
 * (src/integrations/html/after-paint-scripts.ts), completes and checks each page's
 * Content-Security-Policy (src/integrations/html/page-csp.ts) and records the build variables next to the pages,
 * so the server can refuse to serve pages built for another configuration.
 * @returns {import('astro').AstroIntegration}
 */
function productionBuild() {
  return {
    name: 'production-build',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build' || buildReport.problems.length === 0) return;
        logger.error(describeProblems(buildReport));
        process.exit(1);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const errors = [];
        let added = 0;
        const importsOf = builtImports(root);
        for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
          const path = join(entry.parentPath, entry.name);
          const built = await readFile(path, 'utf8');
          // The island runtime goes to the end of <body> (src/integrations/html/island-runtime.ts), then the policy is checked.
          const page = completePageCsp(
            classicAfterPaintScripts(addIslandPreloads(hoistIslandRuntime(wrapArticleParts(built)), importsOf)),
          );
          errors.push(...page.errors.map((error) => `${path.slice(root.length)}: ${error}`));
          added += page.added.length;
          if (page.html !== built) await writeFile(path, page.html);
        }
        if (errors.length > 0) {
          logger.error(`Content-Security-Policy problems:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
          process.exit(1);
        }
        logger.info(`Content-Security-Policy checked on every page (${added} hashes Astro missed, added).`);
        await writeFile(join(root, BUILD_CONFIG_FILE), `${JSON.stringify(buildConfig, null, 2)}\n`);
        // A build for a real address is a launch: name what the owner still has to replace.
        const placeholders = buildConfig.SITE_URL ? placeholderWarning(repoRoot) : null;
        if (placeholders) logger.warn(placeholders);
      },
    },
  };
}

/**
 * The site's hydration directives (src/lib/islands/): `client:afterpaint` hydrates a tool island
 * once the page has painted and the island is within a screen of view, or when the reader starts
 * using it; `client:session` hydrates the header's account islands only when a sign-in session is
 * stored or starts on the page. Both carry what the reader did before hydration into the island.
 * @returns {import('astro').AstroIntegration}
 */
function islandDirectives() {
  return {
    name: 'island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: './src/lib/islands/hydrate-after-paint.ts' });
        addClientDirective({ name: 'session', entrypoint: './src/features/auth/hydrate-with-session.ts' });
      },
    },
  };
}

export default defineConfig({
  site,
  output: 'static',
  // One URL form site-wide: no trailing slash, pages built as `page.html`.
  trailingSlash: 'never',
  build: { format: 'file' },
  // No code blocks on the site; Shiki's inline styles would need 'unsafe-inline' under the CSP.
  markdown: { syntaxHighlight: false },
  // Hashes of every script and style Astro emits, in a <meta> policy on each page.
  security: {
    csp: {
      directives: pageCspDirectives(
        (buildReport.problems.length === 0 && buildConfig.PUBLIC_SUPABASE_URL) || undefined,
      ),
    },
  },
  integrations: [
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
    productionBuild(),
    // `astro dev` only: the functions, emulators, mailbox and lead list on the dev server's port.
    devBackend(),
  ],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'base',
                test: /node_modules[\\/]nanostores[\\/]|[\\/]src[\\/](site|lib[\\/]format)\.ts|preload-helper/,
                priority: 7,
              },
              {
                name: 'prices',
                test: /[\\/]src[\\/]features[\\/](plans[\\/]plans|checkout[\\/]pricing)\.ts/,
                priority: 6,
              },
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                priority: 5,
              },
              {
                name: 'commerce',
                test: /node_modules[\\/]zod[\\/]|[\\/]src[\\/](lib[\\/]validation|features[\\/](checkout[\\/](visit|checkout-client|booking-draft|booking-options)|plans[\\/]signup|service-area[\\/]area))\.ts/,
                priority: 4,
              },
              {
                name: 'account',
                test: /[\\/]src[\\/]features[\\/]auth[\\/](store|session|signed-in-event|recovery|link|messages)\.ts|[\\/]src[\\/]components[\\/]header[\\/]sign-out\.ts/,
                priority: 3,
              },
              {
                name: 'tools',
                test: /[\\/]src[\\/](lib[\\/]exact|features[\\/](filters[\\/]catalogue|schedule-calculator[\\/]store))\.ts/,
                priority: 2,
              },
            ],
          },
        },
      },
    },
  },
});
