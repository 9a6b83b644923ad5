/** Types the project's own hydration directives (src/lib/islands/) for .astro files. */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:afterpaint'?: boolean;
    'client:session'?: boolean;
  }
}
