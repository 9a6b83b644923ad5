/** Types the public build variables the browser code reads (README.md, "Environment variables"). */
interface ImportMetaEnv {
  /** The hosted auth server; unset in the embedded default, whose auth emulator is the site's origin. */
  readonly PUBLIC_SUPABASE_URL?: string;
  /** The hosted project's anon or publishable key; unset in the embedded default. */
  readonly PUBLIC_SUPABASE_ANON_KEY?: string;
}
