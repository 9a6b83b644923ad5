import { describe, expect, test } from 'vitest';
import { normalizePath } from '@/lib/paths';

describe('normalizePath', () => {
  test.each([
    ['/', '/'],
    ['/index', '/'],
    ['/index.html', '/'],
    ['/blog/', '/blog'],
    ['/blog.html', '/blog'],
    ['/blog/index.html', '/blog'],
    ['//evil.example/', '/evil.example'],
  ])('%s -> %s', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });
});
