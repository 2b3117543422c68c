import { describe, expect, it } from 'vitest';
import { isValidEmail, normalizeEmail } from '../src/email.ts';

describe('isValidEmail (docs/product/sign-in-and-sessions.md#rules-and-limits)', () => {
  it.each(['ada@example.com', 'first.last+tag@sub.example.co.uk', '"quoted name"@example.org', 'x@[192.168.0.1]', 'élan@example.com'])(
    'accepts %s',
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    '',
    'plain',
    'a@b',
    'a@b.c',
    'a@@b.com',
    'a b@example.com',
    'a@example..com',
    '.a@example.com',
    'a.@example.com',
    'a@exa mple.com',
    'a@example.com\r\nBcc: x@y.com',
    '<a@example.com>',
  ])('refuses %j', (email) => expect(isValidEmail(email)).toBe(false));

  it('enforces the length limits: total under 255, local part under 65, labels under 64', () => {
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`a@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`a@${'b'.repeat(64)}.com`)).toBe(false);
    const long = `a@${Array.from({ length: 5 }, () => 'c'.repeat(60)).join('.')}.com`;
    expect(long.length).toBeGreaterThanOrEqual(255);
    expect(isValidEmail(long)).toBe(false);
  });

  it('normalises for comparison', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
