import { describe, expect, test } from 'vitest';
import { allowedHostHeader, allowedHostName } from '../../../../server/embedded/hosts.ts';

describe('allowedHostHeader: the embedded default answers only its own names', () => {
  test.each([
    ['localhost:4321', true],
    ['localhost', true],
    ['LOCALHOST:4321', true],
    ['127.0.0.1:4321', true],
    ['[::1]:4321', true],
    ['evil.example', false],
    ['evil.example:4321', false],
    ['127.0.0.1.evil.example:4321', false],
    ['localhost.evil.example', false],
    ['192.168.1.5:4321', false],
    ['user@localhost:4321', false],
    ['localhost:4321/path', false],
    ['', false],
    [undefined, false],
  ])('%j without HOST -> %s', (header, allowed) => {
    expect(allowedHostHeader(header, {})).toBe(allowed);
  });

  test("HOST's own name is added when set", () => {
    expect(allowedHostHeader('devbox.lan:4321', { HOST: 'devbox.lan' })).toBe(true);
    expect(allowedHostHeader('192.168.1.5:4321', { HOST: '192.168.1.5' })).toBe(true);
    expect(allowedHostHeader('evil.example:4321', { HOST: 'devbox.lan' })).toBe(false);
  });

  test('with HOST a wildcard, any address written as an IP passes, and still no other name', () => {
    for (const HOST of ['0.0.0.0', '::']) {
      expect(allowedHostHeader('192.168.1.5:4321', { HOST })).toBe(true);
      expect(allowedHostHeader('[fd00::5]:4321', { HOST })).toBe(true);
      expect(allowedHostHeader('evil.example:4321', { HOST })).toBe(false);
    }
  });

  test('allowedHostName takes a URL hostname', () => {
    expect(allowedHostName('[::1]', {})).toBe(true);
    expect(allowedHostName('example.com', {})).toBe(false);
  });
});
