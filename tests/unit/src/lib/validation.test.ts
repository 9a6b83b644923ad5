import { describe, expect, test } from 'vitest';
import { FIELD_LIMITS, firstIssue, INVISIBLE_MESSAGE, oneLineOrNull, requiredText } from '@/lib/validation';
import { visitSchema } from '@/features/booking/visit';
import { AREA, TODAY, VISIT } from '../features/booking/visit-fixtures';
import { contactLeadSchema, downloadLeadSchema } from '@/features/leads/schemas';
import { planRequestErrors, planRequestLeadSchema } from '@/features/plans/plan-request';

const issue = (path: PropertyKey[], message: string) => ({ issues: [{ path, message }] });

describe('firstIssue: one 400 message for every schema', () => {
  test.each([
    [issue(['email'], 'Please enter your email'), 'email: Please enter your email'],
    [issue(['planType'], 'planType must be lite or full'), 'planType must be lite or full'],
    [issue(['options', 'count'], 'Must be a number'), 'options.count: Must be a number'],
    [issue([], 'Request body must be an object'), 'Request body must be an object'],
    [{ issues: [] }, 'Invalid input'],
  ])('%j -> %j', (error, message) => {
    expect(firstIssue(error)).toBe(message);
  });
});

describe('FIELD_LIMITS: one length table for every schema', () => {
  const long = (limit: number) => 'x'.repeat(limit + 1);
  const source = (limit: number) => `https://example.com/${'x'.repeat(limit)}`;

  test('one-line fields stop at the same length in leads and plan requests', () => {
    const contact = contactLeadSchema.safeParse({ name: long(FIELD_LIMITS.text), email: 'a@b.co', phone: '1' });
    expect(contact.success || firstIssue(contact.error)).toBe('name: Please keep this under 200 characters');
    expect(planRequestErrors({ fullName: long(FIELD_LIMITS.text) }).fullName).toBe(
      'Please keep this under 200 characters',
    );
    expect(planRequestErrors({ fullName: 'x'.repeat(FIELD_LIMITS.text) }).fullName).toBeUndefined();
  });

  test('the page address stops at the same length for download leads and plan requests', () => {
    for (const schema of [downloadLeadSchema, planRequestLeadSchema]) {
      const result = schema.safeParse({ source: source(FIELD_LIMITS.url) });
      const problems = result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'source');
      expect(problems.map((i) => i.message)).toEqual(['Must be at most 2000 characters']);
    }
  });

  test('long texts: 5,000 for a message, 2,000 for instructions', () => {
    const contact = contactLeadSchema.safeParse({
      name: 'Dana',
      email: 'a@b.co',
      phone: '1',
      message: long(FIELD_LIMITS.message),
    });
    expect(contact.success || firstIssue(contact.error)).toBe(
      'message: Please keep the message under 5,000 characters',
    );
    expect(planRequestErrors({ specialInstructions: long(FIELD_LIMITS.instructions) }).specialInstructions).toBe(
      'Please keep instructions under 2,000 characters',
    );
  });
});

describe('one-line fields stay on one line (docs/product/messages.md#validation)', () => {
  const ONE_LINE = 'Please keep this on one line';

  test.each(['12 Elm St\nApt 4', 'Dana\r\nBcc: x@example.com', 'Dana\rReed', 'A\u2028B', 'Tab\there'])(
    '%j is refused',
    (value) => {
      const result = requiredText('Please enter it').safeParse(value);
      expect(result.success || firstIssue(result.error)).toBe(ONE_LINE);
    },
  );

  test('spaces and line breaks around the text are trimmed, not refused', () => {
    expect(requiredText('Please enter it').parse('  Dana Reed \n')).toBe('Dana Reed');
  });

  test('every form names the field: contact, guide, plan request, booking visit', () => {
    const contact = contactLeadSchema.safeParse({ name: 'Dana\nReed', email: 'a@b.co', phone: '417-555-0100' });
    expect(contact.success || firstIssue(contact.error)).toBe(`name: ${ONE_LINE}`);
    const guide = downloadLeadSchema.safeParse({
      firstName: 'Dana\nVisit http://evil.example',
      email: 'a@b.co',
      downloadType: 'Air Filter Schedule Guide',
      source: 'https://example.com/blog',
    });
    expect(guide.success || firstIssue(guide.error)).toBe(`firstName: ${ONE_LINE}`);
    expect(planRequestErrors({ address: '1 Elm St\r\nSpringfield' }).address).toBe(ONE_LINE);
    const visit = visitSchema(AREA, TODAY).safeParse({ ...VISIT, street: '1 Elm St\nBcc: x' });
    expect(visit.success || firstIssue(visit.error)).toBe(`street: ${ONE_LINE}`);
  });
});

describe('hidden characters and other spaces in one-line fields (docs/product/messages.md#validation)', () => {
  test.each([
    ['a zero-width space', 'Dana\u200bReed'],
    ['a zero-width joiner', 'Dana\u200dReed'],
    ['a zero-width non-joiner', 'Dana\u200cReed'],
    ['a word joiner', 'Dana\u2060Reed'],
    ['a byte-order mark at the start', '\ufeffDana Reed'],
    ['a byte-order mark inside', '12 Elm\ufeff St'],
    ['a right-to-left override', 'Dana \u202eeeR'],
    ['a soft hyphen', 'Spring\u00adfield'],
  ])('%s is refused', (_, value) => {
    const result = requiredText('Please enter it').safeParse(value);
    expect(result.success || firstIssue(result.error)).toBe(INVISIBLE_MESSAGE);
  });

  test.each([
    ['Ana\u00a0María', 'Ana María'],
    ['12\u202fElm St', '12 Elm St'],
    ['\u00a0Dana Reed\u3000', 'Dana Reed'],
  ])('other spaces in %j are kept as plain spaces', (value, kept) => {
    expect(requiredText('Please enter it').parse(value)).toBe(kept);
  });

  test('only spaces of any kind is blank', () => {
    const result = requiredText('Please enter it').safeParse('\u00a0\u2003');
    expect(result.success || firstIssue(result.error)).toBe('Please enter it');
  });

  test('oneLineOrNull: the text a one-line field keeps, or null for what it refuses', () => {
    expect(oneLineOrNull(' Ana\u00a0María ')).toBe('Ana María');
    expect(oneLineOrNull('Pat Lee\r\nBcc: x@example.com')).toBeNull();
    expect(oneLineOrNull('Pat\u200bLee')).toBeNull();
    expect(oneLineOrNull('x'.repeat(FIELD_LIMITS.text + 1))).toBeNull();
    expect(oneLineOrNull('  ')).toBeNull();
    expect(oneLineOrNull(42)).toBeNull();
    expect(oneLineOrNull(undefined)).toBeNull();
  });
});
