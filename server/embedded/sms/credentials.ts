/**
 * The embedded default's text-message account (docs/product/texts.md#texts-in-production-and-in-the-embedded-default):
 * an account SID ('AC' + 32 hex) and an Auth Token made once and kept in the data dir as
 * `twilio.key`, readable by this user only, like the visit links' secret (../visit-link-key.ts),
 * so the stand-in's signatures and the site's check agree across restarts; fresh ones per process
 * without a data dir (tests).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The file's name inside the data dir. */
export const TWILIO_KEY_FILE = 'twilio.key';

/** The stand-in's account: what TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN are set to. */
export interface StandInAccount {
  accountSid: string;
  authToken: string;
}

function freshAccount(): StandInAccount {
  return { accountSid: `AC${randomBytes(16).toString('hex')}`, authToken: randomBytes(16).toString('hex') };
}

function readAccount(path: string): StandInAccount {
  const [accountSid = '', authToken = ''] = readFileSync(path, 'utf8').trim().split(/\s+/);
  if (!/^AC[0-9a-f]{32}$/.test(accountSid) || authToken.length < 32) {
    throw new Error(`${path} holds no usable text-message account: delete it to make a new one`);
  }
  return { accountSid, authToken };
}

/** The account kept in `dataDir`, made there first if it has none; a new one each call without a data dir. */
export function embeddedTwilioAccount(dataDir?: string): StandInAccount {
  const fresh = freshAccount();
  if (dataDir === undefined) return fresh;
  const path = join(resolve(dataDir), TWILIO_KEY_FILE);
  try {
    // 'wx': only the first start writes it; every later one reads what it wrote.
    writeFileSync(path, `${fresh.accountSid}\n${fresh.authToken}\n`, { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readAccount(path);
}
