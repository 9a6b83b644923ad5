import { describe, expect, test } from 'vitest';
import { applyEmbeddedEnv, isEmbedded } from '../../../../server/embedded/index.ts';

describe('embedded mode', () => {
  test('runs when no hosted Supabase is configured, and points SUPABASE_URL at itself', () => {
    expect(isEmbedded({})).toBe(true);
    expect(isEmbedded({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' })).toBe(false);
    const env: NodeJS.ProcessEnv = {};
    applyEmbeddedEnv(4321, env);
    expect(env['SUPABASE_URL']).toBe('http://127.0.0.1:4321');
    const configured: NodeJS.ProcessEnv = { SUPABASE_URL: 'http://localhost:4321' };
    applyEmbeddedEnv(4321, configured);
    expect(configured['SUPABASE_URL']).toBe('http://localhost:4321');
  });
});
