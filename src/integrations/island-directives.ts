/**
 * The `island-directives` integration: the site's hydration directives (src/lib/islands/).
 * `client:afterpaint` hydrates a tool island once the page has painted and the island is within a
 * screen of view, or when the reader starts using it; `client:session` hydrates the header's
 * account islands only when a sign-in session is stored or starts on the page. Both carry what the
 * reader did before hydration into the island (docs/product/performance.md#after-paint-loading).
 * `client:desk` is the owner's desk's: it sends the desk's first reads as the page opens, then
 * hydrates as `client:afterpaint` does (docs/product/desk.md#owners-desk, "Loading").
 * Shared core: Node loads it from astro.config.mjs, so relative imports with the extension only.
 */
import type { AstroIntegration } from 'astro';

/** The integration; Astro inlines each entry point (a path from the project root) into the pages using it. */
export function islandDirectives(): AstroIntegration {
  return {
    name: 'island-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: './src/lib/islands/hydrate-after-paint.ts' });
        addClientDirective({ name: 'session', entrypoint: './src/features/auth/hydrate-with-session.ts' });
        addClientDirective({ name: 'desk', entrypoint: './src/features/owner/hydrate-desk.ts' });
      },
    },
  };
}
