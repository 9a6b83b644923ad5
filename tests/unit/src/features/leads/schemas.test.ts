import { describe, expect, test } from 'vitest';
import { contactLeadSchema, downloadLeadSchema } from '../../../../../src/features/leads/schemas.ts';
import { FIELD_LIMITS, firstIssue } from '../../../../../src/lib/validation.ts';

const problem = (schema: typeof contactLeadSchema | typeof downloadLeadSchema, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : firstIssue(result.error);
};

const contact = { name: 'Dana Reed', email: 'dana@example.com', phone: '(417) 555-0100' };
const download = {
  firstName: 'Dana',
  email: 'dana@example.com',
  downloadType: 'air-filter-checklist',
  source: 'https://springfieldhome.example/blog/air-filter-replacement-guide',
};

describe('contact lead', () => {
  test('name, email and phone are enough; service and message default to empty; text is trimmed', () => {
    expect(contactLeadSchema.parse({ ...contact, name: '  Dana Reed ' })).toEqual({
      ...contact,
      service: '',
      message: '',
    });
  });

  test('keeps a listed service and the message', () => {
    const lead = contactLeadSchema.parse({ ...contact, service: 'dryer-vent-cleaning', message: 'Tuesday please' });
    expect(lead).toMatchObject({ service: 'dryer-vent-cleaning', message: 'Tuesday please' });
  });

  test.each([
    [{ ...contact, name: '   ' }, 'name: Please enter your name'],
    [{ email: contact.email, phone: contact.phone }, 'name: Please enter your name'],
    [{ ...contact, email: 'dana.example.com' }, 'email: Please enter a valid email address'],
    [{ ...contact, email: '' }, 'email: Please enter your email'],
    [{ ...contact, phone: 42 }, 'phone: Please enter your phone number'],
    [{ ...contact, service: 'roof-repair' }, 'service: Please choose a service from the list'],
    [{ ...contact, message: ['x'] }, 'message: Message must be text'],
    [{ ...contact, name: 'x'.repeat(FIELD_LIMITS.text + 1) }, 'name: Please keep this under 200 characters'],
    [
      { ...contact, message: 'x'.repeat(FIELD_LIMITS.message + 1) },
      'message: Please keep the message under 5,000 characters',
    ],
  ])('%# -> %s', (input, message) => {
    expect(problem(contactLeadSchema, input)).toBe(message);
  });
});

describe('download lead', () => {
  test('accepts the dialog payload; timestamp is optional', () => {
    expect(downloadLeadSchema.parse(download)).toEqual(download);
    const timestamp = '2026-11-22T06:00:00.000Z';
    expect(downloadLeadSchema.parse({ ...download, timestamp }).timestamp).toBe(timestamp);
  });

  test.each([
    [{ ...download, firstName: '  ' }, 'firstName: Please enter your first name'],
    [{ ...download, email: 'nope' }, 'email: Please enter a valid email address'],
    [{ ...download, downloadType: '' }, 'downloadType: Please name the guide to download'],
    [{ ...download, source: 'javascript:alert(1)' }, 'source: Must be the page address (an http or https URL)'],
    [{ ...download, source: undefined }, 'source: Must be the page address'],
    [{ ...download, timestamp: 'yesterday' }, 'timestamp: Must be an ISO date and time'],
  ])('%# -> %s', (input, message) => {
    expect(problem(downloadLeadSchema, input)).toBe(message);
  });
});
