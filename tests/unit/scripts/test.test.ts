import { describe, expect, test } from 'vitest';
import { chosen, PHASES, summary } from '../../../scripts/test.ts';

describe('npm test: its phases and their times', () => {
  test('every phase, in order: static checks, fast suites, the build, then what needs it', () => {
    expect(PHASES.map((p) => p.name)).toEqual([
      'lint',
      'format',
      'types',
      'unit',
      'integration',
      'build',
      'html',
      'e2e',
      'reliability',
    ]);
  });

  test('phases may be named on the command line, in their own order; an unknown one is refused by name', () => {
    expect(chosen([]).map((p) => p.name)).toHaveLength(PHASES.length);
    expect(chosen(['e2e', 'unit']).map((p) => p.script)).toEqual(['test:unit', 'test:e2e']);
    expect(() => chosen(['unit', 'speed'])).toThrow('No such phase: speed.');
  });

  test('the summary lists each phase that ran, whether it passed, and the total', () => {
    expect(
      summary([
        { name: 'lint', seconds: 61.4, ok: true },
        { name: 'unit', seconds: 18.6, ok: false },
      ]),
    ).toBe(
      [
        '| phase        |    time | result |',
        '| ------------ | ------: | ------ |',
        '| lint         |    61 s | passed |',
        '| unit         |    19 s | FAILED |',
        '| total        |    80 s |        |',
      ].join('\n'),
    );
  });
});
