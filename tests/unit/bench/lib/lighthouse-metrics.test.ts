import type { Result } from 'lighthouse';
import { describe, expect, test } from 'vitest';
import { metricsOf } from '../../../../bench/lib/lighthouse-metrics';

const numeric = (numericValue: number) => ({ numericValue });
const table = (items: Record<string, unknown>[]) => ({ details: { type: 'table', items } });

/** A Lighthouse result with what metricsOf reads: a page that loads at 1,800 ms. */
function result(requests: Record<string, unknown>[]): Result {
  const scripts = requests.filter((r) => r['resourceType'] === 'Script');
  return {
    finalDisplayedUrl: 'http://127.0.0.1/blog/a',
    categories: { performance: { score: 0.99 } },
    audits: {
      'first-contentful-paint': numeric(900),
      'largest-contentful-paint': numeric(1000),
      'total-blocking-time': numeric(20),
      'cumulative-layout-shift': numeric(0),
      'speed-index': numeric(1100),
      'mainthread-work-breakdown': numeric(400),
      metrics: { details: { type: 'debugdata', items: [{ observedLoad: 1800 }] } },
      'resource-summary': table([
        { resourceType: 'total', requestCount: requests.length, transferSize: 90_000 },
        {
          resourceType: 'script',
          requestCount: scripts.length,
          transferSize: scripts.reduce((sum, r) => sum + Number(r['transferSize']), 0),
        },
        { resourceType: 'stylesheet', requestCount: 1, transferSize: 9000 },
      ]),
      'network-requests': table(requests),
      'render-blocking-insight': table([]),
    },
  } as unknown as Result;
}

describe('metricsOf (bench/lib/lighthouse-metrics.ts)', () => {
  test("a tool's files preloaded at idle after load are counted apart from the page's script", () => {
    const metrics = metricsOf(
      result([
        { url: '/a.css', resourceType: 'Stylesheet', transferSize: 9000, networkRequestTime: 300 },
        // The page's own behaviour script, after the first paint and before load.
        { url: '/_astro/parts.js', resourceType: 'Script', transferSize: 4000, networkRequestTime: 1000 },
        // Preloads asked for before load (an island started early) stay the page's.
        {
          url: '/_astro/early.js',
          resourceType: 'Script',
          transferSize: 3000,
          networkRequestTime: 1200,
          isLinkPreload: true,
        },
        // The idle preloads: after load, by a preload link.
        {
          url: '/_astro/react.js',
          resourceType: 'Script',
          transferSize: 60_000,
          networkRequestTime: 2100,
          isLinkPreload: true,
        },
        {
          url: '/_astro/Quiz.js',
          resourceType: 'Script',
          transferSize: 8000,
          networkRequestTime: 2110,
          isLinkPreload: true,
        },
        // A script after load that no preload asked for is the page's.
        { url: '/_astro/late.js', resourceType: 'Script', transferSize: 2000, networkRequestTime: 2500 },
      ]),
    );
    expect(metrics).toMatchObject({ scriptBytes: 9000, idlePreloadBytes: 68_000, score: 99, lcpMs: 1000 });
  });

  test('a result without the observed load time is refused, not counted wrong', () => {
    const broken = result([]);
    (broken.audits as Record<string, unknown>)['metrics'] = { details: { type: 'debugdata', items: [{}] } };
    expect(() => metricsOf(broken)).toThrow('Lighthouse result has no observed load time');
  });
});
