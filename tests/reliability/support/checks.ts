/**
 * What every answer to a hostile request must respect, whatever the endpoint: no 5xx, nothing of
 * the server's insides (stack frames, file paths, SQL errors) in the body, the security headers,
 * and no cookie without Secure, HttpOnly and SameSite.
 */
import type { Answer } from './http.ts';
import { ROOT } from '../../support/server.ts';

const LEAK_PATTERNS: readonly [string, RegExp][] = [
  ['a stack frame', /\n\s+at \S.*(?::\d+:\d+|\(native\))/],
  ['a stack frame', /\bat (?:async )?[\w.<>$]+ \((?:file|node):/],
  ['an internal module', /node:internal|node_modules\//],
  ['a file URL', /file:\/\/\//],
  ['the repository path', new RegExp(ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
  [
    'a database error',
    /syntax error at or near|violates (?:not-null|unique|check) constraint|invalid byte sequence|relation "[^"]+" does not exist|unsupported Unicode escape/i,
  ],
  ['a JavaScript error name', /\b(?:TypeError|RangeError|ReferenceError|SyntaxError): /],
];

/** Why a response body gives away the server's insides, or null when it does not. */
export function leakIn(text: string): string | null {
  for (const [what, pattern] of LEAK_PATTERNS) if (pattern.test(text)) return what;
  return null;
}

/** The headers every answer carries (server/headers.ts). */
export const REQUIRED_HEADERS: Readonly<Record<string, RegExp>> = {
  'x-content-type-options': /^nosniff$/,
  'referrer-policy': /^(?:no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  'permissions-policy': /camera=\(\)/,
  'content-security-policy': /frame-ancestors 'none'/,
};

/** What is wrong with an answer's headers (missing security header, weak cookie), or null. */
export function headerProblem(answer: Pick<Answer, 'headers'>): string | null {
  for (const [name, pattern] of Object.entries(REQUIRED_HEADERS)) {
    const value = answer.headers[name];
    const text = Array.isArray(value) ? value.join(', ') : (value ?? '');
    if (!pattern.test(text)) return `header ${name} is ${text ? `"${text}"` : 'missing'}`;
  }
  for (const cookie of answer.headers['set-cookie'] ?? []) {
    if (!/;\s*Secure/i.test(cookie) || !/;\s*HttpOnly/i.test(cookie) || !/;\s*SameSite=(Lax|Strict)/i.test(cookie)) {
      return `cookie without Secure, HttpOnly and SameSite: ${cookie}`;
    }
  }
  return null;
}

/** Everything wrong with an answer to a bad request (empty when it is a clean refusal or success). */
export function problemsWith(answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`status ${answer.status}`);
  const leak = leakIn(answer.text);
  if (leak) problems.push(`body shows ${leak}`);
  // Status 0: the server closed the connection without an answer, so there are no headers to check.
  const header = answer.status === 0 ? null : headerProblem(answer);
  if (header) problems.push(header);
  return problems;
}
