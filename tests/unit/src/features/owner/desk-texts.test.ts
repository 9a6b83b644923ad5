/** Texts on the desk in words (docs/product/texts.md#on-my-way, docs/product/texts.md#the-owners-texts). */
import { describe, expect, test } from 'vitest';
import { notTextableReason, quietHoursNote, replyLabel, textStateLabel } from '@/features/owner/desk-texts';
import { visit } from './visit-fixture';

describe('why a visit cannot be texted, as the server refuses On my way', () => {
  test.each([
    ['yes', null],
    ['no consent', 'No text consent: call (417) 555-0142.'],
    ['opted out', 'Customer a opted out of texts: call (417) 555-0142.'],
    ['off', 'Texts are off: call (417) 555-0142.'],
  ] as const)('%s', (textable, reason) => {
    expect(notTextableReason(visit('a', { textable }))).toBe(reason);
  });
});

describe("a text's state", () => {
  const at = '2026-12-01T04:00:00.000Z'; // 10 PM in Springfield
  test.each([
    [{ state: 'waiting', at, sendAt: '2026-12-01T14:00:00.000Z' }, 'Waiting for 8 AM'],
    [{ state: 'waiting', at, sendAt: at }, 'Waiting to be sent'],
    [{ state: 'sent', at }, 'Sent'],
    [{ state: 'not sent', at, reason: 'the number opted out' }, 'Not sent: the number opted out'],
    [{ state: 'received', at }, 'Received'],
  ] as const)('%j: %s', (text, label) => {
    expect(textStateLabel(text)).toBe(label);
  });
});

test("the reply box's label, and the quiet-hours note from 9 PM to 8 AM Springfield time", () => {
  expect(replyLabel(visit('a', { customer: { name: 'Ann Smith', email: 'a@example.com', phone: '' } }))).toBe(
    'Text Ann Smith',
  );
  expect(quietHoursNote(new Date('2026-12-01T03:00:00Z'))).toBe('Sent at 8 AM: it is quiet hours.'); // 9 PM
  expect(quietHoursNote(new Date('2026-12-01T13:59:00Z'))).toBe('Sent at 8 AM: it is quiet hours.'); // 7:59 AM
  expect(quietHoursNote(new Date('2026-12-01T14:00:00Z'))).toBeNull(); // 8 AM
  expect(quietHoursNote(new Date('2026-12-01T02:59:00Z'))).toBeNull(); // 8:59 PM
});
