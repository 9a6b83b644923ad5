import { describe, expect, test } from 'vitest';
import {
  metadata,
  optionalBoolean,
  optionalInteger,
  rejectUnknown,
} from '../../../../../server/embedded/stripe/params.ts';

describe('parameter readers use Stripe messages and bracketed names', () => {
  test.each([
    [() => optionalInteger('abc', 'line_items[0][quantity]'), 'Invalid integer: abc', 'line_items[0][quantity]'],
    [() => optionalBoolean('yes', 'cancel_at_period_end'), 'Invalid boolean: yes', 'cancel_at_period_end'],
    [() => rejectUnknown({ colour: 'red' }, ['mode']), 'Received unknown parameter: colour', 'colour'],
    [
      () => metadata({ ['k'.repeat(41)]: 'v' }, 'metadata'),
      'Metadata keys can have a maximum length of 40 characters.',
      `metadata[${'k'.repeat(41)}]`,
    ],
  ])('%#', (run, message, param) => {
    expect(run).toThrow(expect.objectContaining({ message, param }));
  });
});
