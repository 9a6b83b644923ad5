/**
 * The `production-build` integration. Before any page is built, it refuses a half-configured
 * production (a hosted auth server without its key or the site's address). Once the pages are
 * written, it runs the HTML passes of ./html/ over every page, fails the build on a page whose
 * Content-Security-Policy no hash can complete, and records the build variables next to the pages,
 * so the server can refuse to serve pages built for another configuration. The passes, their
 * order and why: docs/build.md.
 * Shared core: Node loads it from astro.config.mjs, so relative imports with the extension only.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { describeProblems, type BuildConfig, type ConfigReport } from '../../functions/_lib/platform/config-check.ts';
import { BUILD_CONFIG_FILE } from '../../functions/_lib/platform/config.ts';
import { businessFileProblems, launchRefusal } from '../features/testimonials/placeholders.ts';
import { classicAfterPaintScripts } from './html/after-paint-scripts.ts';
import { scriptsBeforeStylesheet } from './html/before-stylesheet.ts';
import { wrapArticleParts } from './html/article-parts.ts';
import { addIslandPreloads, builtImports } from './html/island-preload.ts';
import { hoistIslandRuntime } from './html/island-runtime.ts';
import { completePageCsp, type CompletedPage } from './html/page-csp.ts';
import { validMarkup } from './html/valid-markup.ts';

/** What the build was started with: the check of its variables, their values, and the repository. */
export interface ProductionBuildOptions {
  report: ConfigReport;
  config: BuildConfig;
  repoRoot: string;
  /** ALLOW_PLACEHOLDERS=1: a production-shaped build that may still show the owner's examples (tests). */
  allowPlaceholders: boolean;
}

/**
 * Why this build must stop before any page is built, or null: a half-configured production; the
 * owner's details file with errors (any build); and, for a build with SITE_URL set, every
 * placeholder left unless `allowPlaceholders` (docs/product/site.md#business-identity).
 */
export function buildRefusal({ report, config, repoRoot, allowPlaceholders }: ProductionBuildOptions): string | null {
  if (report.problems.length > 0) return describeProblems(report);
  if (config.SITE_URL) return launchRefusal(repoRoot, { allowPlaceholders });
  const problems = businessFileProblems(repoRoot);
  return problems.length > 0
    ? ['The business details have errors:', ...problems.map((p) => `  - ${p}`)].join('\n')
    : null;
}

/**
 * One built page through the HTML passes, in order. Each pass only inserts tags or moves them, or
 * rewrites inline scripts, so the page policy is completed last, from the final text.
 */
export function finishPage(built: string, importsOf: (url: string) => readonly string[]): CompletedPage {
  const passes: readonly ((html: string) => string)[] = [
    validMarkup,
    scriptsBeforeStylesheet,
    wrapArticleParts,
    hoistIslandRuntime,
    (html) => addIslandPreloads(html, importsOf),
    classicAfterPaintScripts,
  ];
  return completePageCsp(passes.reduce((html, pass) => pass(html), built));
}

/** The integration: the build's configuration check, then the HTML passes and the recorded variables. */
export function productionBuild(options: ProductionBuildOptions): AstroIntegration {
  const { config } = options;
  return {
    name: 'production-build',
    hooks: {
      'astro:config:setup': ({ command, logger }) => {
        if (command !== 'build') return;
        const refusal = buildRefusal(options);
        if (!refusal) return;
        logger.error(refusal);
        process.exit(1);
      },
      'astro:build:done': async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const errors: string[] = [];
        let added = 0;
        let removed = 0;
        const importsOf = builtImports(root);
        for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
          const path = join(entry.parentPath, entry.name);
          const built = await readFile(path, 'utf8');
          const page = finishPage(built, importsOf);
          errors.push(...page.errors.map((error) => `${path.slice(root.length)}: ${error}`));
          added += page.added.length;
          removed += page.removed.length;
          if (page.html !== built) await writeFile(path, page.html);
        }
        if (errors.length > 0) {
          logger.error(`Content-Security-Policy problems:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
          process.exit(1);
        }
        logger.info(
          `Content-Security-Policy checked on every page (${added} hashes Astro missed, added; ${removed} unused, removed).`,
        );
        await writeFile(join(root, BUILD_CONFIG_FILE), `${JSON.stringify(config, null, 2)}\n`);
      },
    },
  };
}
