/**
 * Reading typed values out of a decoded parameter tree, failing with Stripe's own messages and the
 * parameter's full bracketed name (`line_items[0][quantity]`), as the real API does.
 */
import { invalidParam, missingParam } from './errors.ts';
import { asList, type Params } from './form.ts';

type Value = string | Params | undefined;

/** `base[key]`, or `key` at the top level. */
export function paramName(base: string, key: string | number): string {
  return base ? `${base}[${key}]` : String(key);
}

/** Fails with "Received unknown parameter" for any key not in `allowed`. */
export function rejectUnknown(params: Params, allowed: readonly string[], base = ''): void {
  for (const key of Object.keys(params)) {
    if (!allowed.includes(key)) {
      throw invalidParam(
        paramName(base, key),
        `Received unknown parameter: ${paramName(base, key)}`,
        'parameter_unknown',
      );
    }
  }
}

/** A string parameter (empty means unset, as in Stripe's encoding), at most `maxLength` long. */
export function optionalString(value: Value, name: string, maxLength = 5000): string | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalidParam(name, `Invalid string: ${name} must be a string, not a hash`);
  if (value.length > maxLength) {
    throw invalidParam(name, `Invalid ${name}: must be at most ${maxLength} characters`, 'string_too_long');
  }
  return value;
}

/** A string parameter that must be present. */
export function requiredString(value: Value, name: string, maxLength = 5000): string {
  const text = optionalString(value, name, maxLength);
  if (text === undefined) throw missingParam(name);
  return text;
}

/** An integer parameter within bounds. */
export function optionalInteger(value: Value, name: string, min = 0, max = 99_999_999): number | undefined {
  const text = optionalString(value, name, 20);
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw invalidParam(name, `Invalid integer: ${text}`);
  const number = Number(text);
  if (number < min || number > max) {
    throw invalidParam(name, `Invalid ${name}: must be an integer from ${min} to ${max}`);
  }
  return number;
}

/** A boolean parameter, encoded `true`/`false`. */
export function optionalBoolean(value: Value, name: string): boolean | undefined {
  const text = optionalString(value, name, 5);
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw invalidParam(name, `Invalid boolean: ${text}`);
  return text === 'true';
}

/** One of a fixed set of strings. */
export function optionalEnum<T extends string>(value: Value, name: string, allowed: readonly T[]): T | undefined {
  const text = optionalString(value, name, 100);
  if (text === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(text)) {
    const list =
      allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')}, or ${allowed[allowed.length - 1]}` : allowed[0];
    throw invalidParam(name, `Invalid ${name}: must be one of ${list}`);
  }
  return text as T;
}

/** A nested hash parameter. */
export function optionalHash(value: Value, name: string): Params | undefined {
  if (value === undefined || value === '') return undefined;
  if (typeof value === 'string') throw invalidParam(name, `Invalid object: ${name} must be a hash`);
  return value;
}

/** A list parameter (`name[0]`, `name[1]`, ...). */
export function optionalList(value: Value, name: string): (string | Params)[] | undefined {
  if (value === undefined || value === '') return undefined;
  const list = asList(value);
  if (!list) throw invalidParam(name, `Invalid array: ${name} must be a list indexed from 0`);
  return list;
}

/** An absolute http(s) URL. */
export function optionalUrl(value: Value, name: string): string | undefined {
  const text = optionalString(value, name, 5000);
  if (text === undefined) return undefined;
  const url = URL.canParse(text) ? new URL(text) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidParam(name, `Not a valid URL: ${name} must be an absolute http or https URL`, 'url_invalid');
  }
  return text;
}

/** Stripe's metadata rules: at most 50 keys, keys up to 40 characters, values up to 500. */
export function metadata(value: Value, name: string): Record<string, string> {
  const hash = optionalHash(value, name);
  const out: Record<string, string> = {};
  if (!hash) return out;
  const keys = Object.keys(hash);
  if (keys.length > 50) throw invalidParam(name, `Invalid ${name}: metadata can have at most 50 keys`);
  for (const key of keys) {
    const field = paramName(name, key);
    if (key.length > 40) throw invalidParam(field, 'Metadata keys can have a maximum length of 40 characters.');
    const text = optionalString(hash[key], field, 500);
    // An empty value unsets the key, as in Stripe's updates.
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/** Which metadata keys an update unsets (sent with an empty value). */
export function unsetMetadataKeys(value: Value): string[] {
  if (value === undefined || typeof value === 'string') return [];
  return Object.keys(value).filter((key) => value[key] === '');
}
