import { describe, expect, test } from 'vitest';
import {
  HELP_REPLY,
  intentOf,
  keywordOf,
  keywordReply,
  PROPOSAL_CHANGED_REPLY,
  START_REPLY,
  STOP_REPLY,
} from '../../../../../src/features/texts/keywords.ts';

describe('keywords (docs/product/texts.md#stop-help-and-start)', () => {
  test('STOP, STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE and OPTOUT opt out', () => {
    for (const word of ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']) {
      expect(intentOf(word)).toBe('stop');
    }
  });

  test('START and UNSTOP opt back in; HELP and INFO ask for help; Y and YES answer a proposal', () => {
    expect(intentOf('START')).toBe('start');
    expect(intentOf('UNSTOP')).toBe('start');
    expect(intentOf('HELP')).toBe('help');
    expect(intentOf('INFO')).toBe('help');
    expect(intentOf('Y')).toBe('yes');
    expect(intentOf('YES')).toBe('yes');
  });

  test('any case, spaces around it and one final full stop are ignored', () => {
    expect(intentOf('stop')).toBe('stop');
    expect(intentOf('  Stop.  ')).toBe('stop');
    expect(intentOf('\nyes.\n')).toBe('yes');
    expect(intentOf('y')).toBe('yes');
    expect(intentOf('Help')).toBe('help');
    expect(keywordOf(' unStop. ')).toBe('UNSTOP');
  });

  test('a text that is more than the word is a reply for the owner', () => {
    expect(intentOf('STOP PLEASE')).toBe('reply');
    expect(intentOf('Yes please')).toBe('reply');
    expect(intentOf('stop..')).toBe('reply');
    expect(intentOf('yes!')).toBe('reply');
    expect(intentOf('Y E S')).toBe('reply');
    expect(intentOf('')).toBe('reply');
    expect(intentOf('.')).toBe('reply');
    expect(intentOf('Can you come at 10 instead?')).toBe('reply');
    expect(keywordOf('Can you come?')).toBeNull();
  });

  test('the answers are the words of the product', () => {
    expect(keywordReply('stop')).toBe(STOP_REPLY);
    expect(STOP_REPLY).toBe(
      'Springfield Home Maintenance: you will get no more texts from us. Reply START to get them again.',
    );
    expect(keywordReply('start')).toBe('Springfield Home Maintenance: texts are back on. Reply STOP to stop.');
    expect(START_REPLY).toBe(keywordReply('start'));
    expect(keywordReply('help')).toBe(
      'Springfield Home Maintenance: call (417) 555-0142 or write help@springfieldhome.example. Msg & data rates may apply. Reply STOP to stop.',
    );
    expect(HELP_REPLY).toBe(keywordReply('help'));
    expect(PROPOSAL_CHANGED_REPLY).toBe('Springfield Home: that time has changed. Please call (417) 555-0142.');
  });
});
