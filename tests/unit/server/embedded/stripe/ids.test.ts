import { describe, expect, test } from 'vitest';
import { newId } from '../../../../../server/embedded/stripe/ids.ts';

describe('ids', () => {
  test.each([
    ['cs_test', /^cs_test_[A-Za-z0-9]{58}$/],
    ['cus', /^cus_[A-Za-z0-9]{14}$/],
    ['sub', /^sub_[A-Za-z0-9]{24}$/],
    ['evt', /^evt_[A-Za-z0-9]{24}$/],
    ['bps', /^bps_[A-Za-z0-9]{24}$/],
    ['in', /^in_[A-Za-z0-9]{24}$/],
    ['pi', /^pi_[A-Za-z0-9]{24}$/],
  ] as const)('%s', (prefix, shape) => {
    expect(newId(prefix)).toMatch(shape);
    expect(newId(prefix)).not.toBe(newId(prefix));
  });
});
