/**
 * Text made safe to place in HTML, for the HTML the server writes by hand (the e-mails, the local
 * emulators' pages). Shared core: Node loads it directly, so no imports.
 */

/** Escapes the five characters that end text or an attribute value in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
