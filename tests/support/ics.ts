/**
 * An iCalendar text as the tests read it (RFC 5545): the folded lines joined again, and each event
 * as its properties (the name before any parameter, the value unescaped). Shared by the unit,
 * integration and e2e tests of the owner's calendar feed and the customers' files.
 */

/** The text with its folded lines joined again (RFC 5545, 3.1), one line per `\n`. */
export function unfoldIcs(ics: string): string {
  return ics.replace(/\r\n[ \t]/g, '').replace(/\r\n/g, '\n');
}

/** Each VEVENT's properties, in the order written. */
export function icsEvents(ics: string): Record<string, string>[] {
  return [...unfoldIcs(ics).matchAll(/BEGIN:VEVENT\n([\s\S]*?)END:VEVENT/g)].map(([, body = '']) =>
    Object.fromEntries(
      body
        .trim()
        .split('\n')
        .map((line) => {
          const colon = line.indexOf(':');
          const value = line
            .slice(colon + 1)
            .replace(/\\n/g, '\n')
            .replace(/\\([,;\\])/g, '$1');
          return [line.slice(0, colon).split(';')[0] ?? '', value];
        }),
    ),
  );
}
