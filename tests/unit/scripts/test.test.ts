import { describe, expect, test } from 'vitest';
import { chosen, PHASES, STAGES, summary } from '../../../scripts/test.ts';

describe('npm test: its phases and their times', () => {
  test('every phase, by stage: static checks and unit tests, then the database suite beside the build, then what needs the build', () => {
    expect(STAGES.map((lanes) => lanes.map((lane) => lane.map((p) => p.name)))).toEqual([
      [['lint'], ['format', 'types'], ['unit']],
      [['integration'], ['build', 'html']],
      [['e2e']],
      [['reliability']],
    ]);
    expect(PHASES.map((p) => p.script)).toEqual([
      'lint',
      'format:check',
      'check',
      'test:unit',
      'test:integration',
      'build',
      'test:html',
      'test:e2e',
      'test:reliability',
    ]);
  });

  test('phases may be named on the command line, kept in their stages; an unknown one is refused by name', () => {
    expect(chosen([]).flat(2)).toHaveLength(PHASES.length);
    expect(chosen(['e2e', 'unit']).map((lanes) => lanes.map((lane) => lane.map((p) => p.name)))).toEqual([
      [['unit']],
      [['e2e']],
    ]);
    expect(chosen(['html', 'build']).map((lanes) => lanes.map((lane) => lane.map((p) => p.name)))).toEqual([
      [['build', 'html']],
    ]);
    expect(() => chosen(['unit', 'speed'])).toThrow('No such phase: speed.');
  });

  test('the summary lists each phase that ran, whether it passed, and the wall time', () => {
    expect(
      summary(
        [
          { name: 'lint', seconds: 61.4, ok: true },
          { name: 'unit', seconds: 18.6, ok: false },
        ],
        64.2,
      ),
    ).toBe(
      [
        '| phase        |    time | result |',
        '| ------------ | ------: | ------ |',
        '| lint         |    61 s | passed |',
        '| unit         |    19 s | FAILED |',
        '| npm test     |    64 s |        |',
      ].join('\n'),
    );
  });
});
