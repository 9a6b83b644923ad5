import { describe, expect, it } from 'vitest';
import type { Result } from 'lighthouse';
import { idleScriptRequests, metricsOf } from '../../../../bench/lib/lighthouse-metrics';

/** Rows of Lighthouse's network-requests table as a service page's run gave them (2026-11-28). */
const REQUESTS = [
  { url: '/services/air-filter-replacement', resourceType: 'Document', priority: 'VeryHigh', transferSize: 14_833 },
  { url: '/_astro/BaseLayout.css', resourceType: 'Stylesheet', priority: 'VeryHigh', transferSize: 8_461 },
  { url: '/_astro/LeadDialog.js', resourceType: 'Script', priority: 'High', transferSize: 1_732 },
  { url: '/_astro/toaster.js', resourceType: 'Script', priority: 'High', transferSize: 1_484 },
  { url: '/_astro/BookingCard.js', resourceType: 'Script', priority: 'Low', transferSize: 3_646 },
  { url: '/_astro/react.js', resourceType: 'Script', priority: 'Low', transferSize: 59_665 },
  { url: '/og.png', resourceType: 'Image', priority: 'Low', transferSize: 2_000 },
];

const table = (items: Record<string, unknown>[]) => ({ details: { type: 'table', items } });
const value = (numericValue: number) => ({ numericValue });

/** A Lighthouse result holding what `metricsOf` reads, with the requests above. */
function lhr(requests: Record<string, unknown>[]): Result {
  const script = requests.filter((row) => row['resourceType'] === 'Script');
  const bytes = (rows: Record<string, unknown>[]) => rows.reduce((sum, row) => sum + Number(row['transferSize']), 0);
  return {
    categories: { performance: { score: 1 } },
    audits: {
      'first-contentful-paint': value(700),
      'largest-contentful-paint': value(900),
      'total-blocking-time': value(10),
      'cumulative-layout-shift': value(0),
      'speed-index': value(800),
      'mainthread-work-breakdown': value(400),
      'resource-summary': table([
        { resourceType: 'total', requestCount: requests.length, transferSize: bytes(requests) },
        { resourceType: 'script', requestCount: script.length, transferSize: bytes(script) },
        { resourceType: 'stylesheet', requestCount: 1, transferSize: 8_461 },
      ]),
      'network-requests': table(requests),
      'render-blocking-insight': table([{ url: '/_astro/BaseLayout.css' }]),
    },
  } as unknown as Result;
}

describe('the idle preloads told from the scripts a page runs', () => {
  it('are the low-priority script requests: not images, not the scripts asked for at high priority', () => {
    expect(idleScriptRequests(REQUESTS).map((row) => row['url'])).toEqual([
      '/_astro/BookingCard.js',
      '/_astro/react.js',
    ]);
  });

  it('leave the script column, which keeps what runs; the idle column has them', () => {
    const metrics = metricsOf(lhr(REQUESTS));
    expect(metrics.scriptBytes).toBe(1_732 + 1_484);
    expect(metrics.idleScriptBytes).toBe(3_646 + 59_665);
    expect(metrics.totalBytes).toBe(14_833 + 8_461 + 1_732 + 1_484 + 3_646 + 59_665 + 2_000);
    expect(metrics.renderBlockingOther).toBe(0);
  });

  it('a page with no preloads keeps all its script in the script column', () => {
    const metrics = metricsOf(lhr(REQUESTS.filter((row) => row.priority !== 'Low' || row.resourceType !== 'Script')));
    expect(metrics).toMatchObject({ scriptBytes: 3_216, idleScriptBytes: 0 });
  });

  it('counts the stylesheet files a page links, once each, however often they are asked for', () => {
    const css = { url: '/_astro/BaseLayout.css', resourceType: 'Stylesheet', priority: 'VeryHigh', transferSize: 0 };
    const redirected = [
      { url: '/account', resourceType: 'Document', priority: 'VeryHigh', transferSize: 9_800 },
      ...REQUESTS.slice(0, 2),
      css,
    ];
    expect(metricsOf(lhr(redirected)).stylesheets).toBe(1);
    const another = { ...css, url: '/_astro/other.css' };
    expect(metricsOf(lhr([...redirected, another])).stylesheets).toBe(2);
  });
});
