/**
 * What the owner has yet to replace (docs/product/site.md#business-identity,
 * docs/product/blog.md#testimonials-and-examples), and the production gate built on it: a build with
 * SITE_URL set refuses while any placeholder is left, naming each, unless ALLOW_PLACEHOLDERS=1.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { checkBuildConfig, buildConfigOf } from '../../../../../functions/_lib/platform/config-check.ts';
import { launchRefusal, placeholdersLeft, placeholderWarning } from '@/features/testimonials/placeholders';
import { buildRefusal } from '@/integrations/production-build';
import { REAL_DETAILS } from '../../../../support/business.ts';

const REPO = fileURLToPath(new URL('../../../../../', import.meta.url));
const dirs: string[] = [];
function repoWith(files: Record<string, string>, details: unknown = REAL_DETAILS): string {
  const root = mkdtempSync(join(tmpdir(), 'placeholders-'));
  dirs.push(root);
  mkdirSync(join(root, 'content/testimonials'), { recursive: true });
  writeFileSync(join(root, 'content/business.json'), JSON.stringify(details));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'content/testimonials', name), text);
  return root;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const EXAMPLE_STORY = 'kind: testimonial\nplacement: autopilot-lite\nplaceholder: true\n';
const REAL_STORY = 'kind: story\nplacement: home\nplaceholder: false\n';

describe('placeholders (docs/product/blog.md#testimonials-and-examples)', () => {
  test('lists the examples of the details file, then the entries still marked placeholder', () => {
    const root = repoWith({ 'a.yaml': EXAMPLE_STORY, 'b.yaml': REAL_STORY }, { ...REAL_DETAILS, email: 'a@b.example' });
    expect(placeholdersLeft(root)).toEqual([
      { file: 'content/business.json', what: 'email a@b.example is at an example domain' },
      { file: 'content/testimonials/a.yaml', what: 'example testimonial on autopilot-lite' },
    ]);
    expect(placeholderWarning(root)).toMatch(/^Warning: 2 placeholders left[\s\S]*content\/testimonials\/a\.yaml/);
  });

  test('the repository today still has its placeholders, so the site shows them as examples', () => {
    expect(placeholdersLeft(REPO).length).toBeGreaterThan(15);
  });
});

describe('the production gate (docs/product/site.md#business-identity)', () => {
  test('refuses the repository as it is, naming each placeholder on its own line', () => {
    const refusal = launchRefusal(REPO, { allowPlaceholders: false }) ?? '';
    const left = placeholdersLeft(REPO);
    expect(refusal).toMatch(/^A build for a public address \(SITE_URL is set\) cannot publish examples/);
    expect(refusal).toContain('ALLOW_PLACEHOLDERS=1');
    for (const p of left) expect(refusal).toContain(`\n  - ${p.file}: ${p.what}`);
    expect(refusal).toContain('content/business.json: phone (417) 555-0142 is in the fictional 555-01xx range');
    expect(refusal).toContain('content/testimonials/rating.yaml: example rating on home');
  });

  test('lets real-looking details with real testimonials through', () => {
    expect(launchRefusal(repoWith({ 'b.yaml': REAL_STORY }), { allowPlaceholders: false })).toBeNull();
  });

  test('ALLOW_PLACEHOLDERS lets the examples through, never a broken details file', () => {
    expect(launchRefusal(REPO, { allowPlaceholders: true })).toBeNull();
    const broken = repoWith({}, { ...REAL_DETAILS, phone: '12' });
    expect(launchRefusal(broken, { allowPlaceholders: true })).toBe(
      'The business details have errors:\n  - content/business.json, phone: Please enter a 10-digit phone number, e.g. (417) 555-0142',
    );
  });

  /** The integration's decision for `env` on the repository `root`, as astro.config.mjs makes it. */
  const refusalFor = (env: Record<string, string>, root = REPO) =>
    buildRefusal({
      report: checkBuildConfig(env),
      config: buildConfigOf(env),
      repoRoot: root,
      allowPlaceholders: env['ALLOW_PLACEHOLDERS'] === '1',
    });

  test('a production build config with placeholders fails; a local build or the allowance passes', () => {
    expect(refusalFor({ SITE_URL: 'https://www.springfieldhomecare.com' })).toMatch(/cannot publish examples/);
    expect(refusalFor({})).toBeNull();
    expect(refusalFor({ SITE_URL: 'https://www.springfieldhomecare.com', ALLOW_PLACEHOLDERS: '1' })).toBeNull();
  });

  test('a production build config with real-looking details passes', () => {
    const root = repoWith({ 'b.yaml': REAL_STORY });
    expect(refusalFor({ SITE_URL: 'https://www.springfieldhomecare.com' }, root)).toBeNull();
  });

  test('any build stops on a broken details file', () => {
    const root = repoWith({}, { ...REAL_DETAILS, location: {} });
    expect(refusalFor({}, root)).toMatch(
      /^The business details have errors:\n {2}- content\/business\.json, location: /,
    );
  });
});
