/**
 * The text fields of a function's request schema, read from the zod schema itself, so a field added
 * later is found and attacked without anyone listing it; and the characters no one-line field takes
 * (docs/product/messages.md#validation).
 */

/** The part of a zod (mini) schema this reads: its definition. */
interface Definition {
  type: string;
  shape?: Record<string, unknown>;
  in?: unknown;
  innerType?: unknown;
  options?: readonly unknown[];
  element?: unknown;
}

const definitionOf = (schema: unknown): Definition => (schema as { _zod: { def: Definition } })._zod.def;

/**
 * The paths of every text field `schema` takes (`visit.street`, `checklist.0` for a list's items),
 * in every option of a union. A record (free keys) has no fixed fields; a choice of values (enum,
 * literal) is no text to type.
 */
export function textFields(schema: unknown, path: readonly string[] = []): string[] {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'string':
      return [path.join('.')];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => textFields(field, [...path, key]));
    case 'pipe':
      return textFields(def.in, path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return textFields(def.innerType, path);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((option) => textFields(option, path)))];
    case 'array':
      return textFields(def.element, [...path, '0']);
    default:
      return [];
  }
}

/** What no one-line field takes inside it: line breaks and other control characters, and invisible ones. */
export const NOT_ONE_LINE: Record<string, string> = {
  LF: '\n',
  CRLF: '\r\n',
  CR: '\r',
  tab: '\t',
  'next line (U+0085)': '\u0085',
  'line separator (U+2028)': '\u2028',
  'zero-width space': '\u200b',
  'zero-width non-joiner': '\u200c',
  'zero-width joiner': '\u200d',
  'word joiner': '\u2060',
  'byte-order mark': '\ufeff',
  'right-to-left override': '\u202e',
  'soft hyphen': '\u00ad',
};

/** `text` with `poison` in its middle (a one-character text gets it after). */
export function poisoned(text: string, poison: string): string {
  const middle = Math.max(1, Math.floor(text.length / 2));
  return `${text.slice(0, middle)}${poison}${text.slice(middle)}`;
}

/** The value at a dotted path (`visit.street`, `checklist.0`). */
export function valueAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], body);
}

/** A deep copy of `body` with `value` at a dotted path, the objects and lists on the way made as needed. */
export function withValueAt(body: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, i) => {
    const next = at[key];
    if (typeof next !== 'object' || next === null) at[key] = /^\d+$/.test(keys[i + 1] ?? '') ? [] : {};
    at = at[key] as Record<string, unknown>;
  });
  at[keys.at(-1) ?? ''] = value;
  return copy;
}

/** How a refusal names a field: its path without list positions (`checklist`, `visit.street`). */
export function fieldName(path: string): string {
  return path
    .split('.')
    .filter((key) => !/^\d+$/.test(key))
    .join('.');
}
