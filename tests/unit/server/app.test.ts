import { describe, expect, test } from 'vitest';
import { clientIp } from '../../../server/app.ts';

describe('the visitor address behind a reverse proxy', () => {
  test.each([
    ['a direct visitor', '203.0.113.7', undefined, '203.0.113.7'],
    ['a direct visitor cannot choose its address', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
    ['through the proxy on this machine', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['through the proxy over IPv6 loopback', '::1', '198.51.100.1', '198.51.100.1'],
    [
      'a forged first hop is ignored: the proxy appends the real one',
      '127.0.0.1',
      '10.0.0.1, 198.51.100.1',
      '198.51.100.1',
    ],
    ['repeated headers read as one list', '::ffff:127.0.0.1', ['10.0.0.1', '198.51.100.2'], '198.51.100.2'],
    ['a local request without a proxy', '127.0.0.1', undefined, '127.0.0.1'],
    ['an empty header', '127.0.0.1', ' ', '127.0.0.1'],
  ] as const)('%s', (_what, peer, forwarded, expected) => {
    expect(clientIp(peer, forwarded as string | string[] | undefined)).toBe(expected);
  });
});
