import { describe, expect, it } from 'vitest';
import { confirmPasswordProblem, passwordProblem } from '../src/password.ts';

describe('password rule (docs/decisions/0001-departures-from-the-specification.md: 8 to 128 characters of any kind)', () => {
  it('accepts any 8+ characters, including spaces and non-Latin letters', () => {
    expect(passwordProblem('abcdefgh')).toBeNull();
    expect(passwordProblem('correct horse')).toBeNull();
    expect(passwordProblem('пароль-пароль')).toBeNull();
    expect(passwordProblem('🔒🔒🔒🔒🔒🔒🔒🔒')).toBeNull();
  });

  it('refuses empty, short and over-long passwords with a message', () => {
    expect(passwordProblem('')).toBe('Password is required.');
    expect(passwordProblem('1234567')).toBe('Password must be at least 8 characters.');
    expect(passwordProblem('a'.repeat(129))).toBe('Password may not be longer than 128 characters.');
  });

  it('keeps the spec confirmation messages', () => {
    expect(confirmPasswordProblem('abcdefgh', '')).toBe('Confirm your password.');
    expect(confirmPasswordProblem('abcdefgh', 'abcdefgx')).toBe('The passwords do not match.');
    expect(confirmPasswordProblem('abcdefgh', 'abcdefgh')).toBeNull();
  });
});
