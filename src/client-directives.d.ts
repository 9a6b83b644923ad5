/** Types the project's own hydration directive (src/lib/hydrate-after-paint.ts) for .astro files. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
  }
}
