/**
 * What an owner action's Idempotency-Key is held to (docs/product/desk.md#owner-api): the same request
 * however its keys are ordered, and any other request, told apart by the hash of its body.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { canonicalJson, requestHash } from '../../../../../functions/_lib/owner/action-keys.ts';

/** `value` with every object's keys in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .reverse()
      .map(([k, v]) => [k, reversed(v)]),
  );
}

describe('canonicalJson', () => {
  test("sorts every object's keys, keeps arrays in order, and reads back as the same value", () => {
    const body = { action: 'done', note: 'ok', checklist: ['b', 'a'], extras: [{ qty: 1, id: 'x' }] };
    expect(canonicalJson(body)).toBe(
      '{"action":"done","checklist":["b","a"],"extras":[{"id":"x","qty":1}],"note":"ok"}',
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(reversed(value))).toBe(canonicalJson(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  test('a field left undefined is a field left out, as JSON sends it', () => {
    expect(canonicalJson({ action: 'no-show', note: undefined })).toBe(canonicalJson({ action: 'no-show' }));
  });
});

describe('requestHash', () => {
  test('the same request hashes alike; another body, an array order or a type apart, does not', () => {
    expect(requestHash({ action: 'notes', techNotes: 'x' })).toBe(requestHash({ techNotes: 'x', action: 'notes' }));
    expect(requestHash({ action: 'notes', techNotes: 'x' })).toMatch(/^[0-9a-f]{64}$/);
    const others = [
      { action: 'notes', techNotes: 'y' },
      { action: 'notes', techNotes: 'x', extra: null },
      { action: 'done', checklist: ['a', 'b'] },
      { action: 'done', checklist: ['b', 'a'] },
      { action: 'on-my-way', minutes: 15 },
      { action: 'on-my-way', minutes: '15' },
    ];
    expect(new Set(others.map(requestHash)).size).toBe(others.length);
  });
});
