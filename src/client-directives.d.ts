/** Types the project's own hydration directives (src/lib/islands/) for .astro files. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** `"interaction"`: only once the reader uses it (src/lib/islands/hydrate-after-paint.ts). */
    'client:afterpaint'?: boolean | 'interaction';
    'client:session'?: boolean;
    /** The owner's desk: its first reads sent at once, then as afterpaint (src/features/owner/hydrate-desk.ts). */
    'client:desk'?: boolean;
  }
}
