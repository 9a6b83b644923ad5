/** Types the project's own hydration directives (src/lib/islands/) for .astro files. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** `"interaction"`: only once the reader uses it (src/lib/islands/hydrate-after-paint.ts). */
    'client:afterpaint'?: boolean | 'interaction';
    'client:session'?: boolean;
  }
}
