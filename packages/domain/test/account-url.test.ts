import { describe, expect, it } from 'vitest';
import { accountNameProblem, accountUrlBase, accountUrlProblem, suggestAccountUrl } from '../src/account-url.ts';

describe('account URL (docs/product/account.md#rules-and-limits)', () => {
  it('derives the base from the lowercased account name without other characters', () => {
    expect(accountUrlBase('Acme Training, Inc.')).toBe('acmetraininginc');
    expect(accountUrlBase('École Supérieure')).toBe('ecolesuperieure');
    expect(accountUrlBase('', 'Ada', 'Lovelace')).toBe('adalovelace');
    expect(accountUrlBase('  ', 'Ada', 'Lovelace')).toBe('adalovelace');
  });

  it('suggests the base when free, else appends a number 0-100 until free', async () => {
    expect(await suggestAccountUrl('acme', async () => false)).toBe('acme');
    const taken = new Set(['acme', 'acme7']);
    const numbers = [0.07, 0.42];
    const suggestion = await suggestAccountUrl(
      'acme',
      async (c) => taken.has(c),
      () => numbers.shift() ?? 0,
    );
    expect(suggestion).toBe('acme42');
    for (let i = 0; i < 50; i++) {
      const n = Number((await suggestAccountUrl('x', async (c) => c === 'x')).slice(1));
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThanOrEqual(100);
    }
  });

  it('refuses slashes, backslashes, non-DNS characters and reserved names', () => {
    expect(accountUrlProblem('a/b')).not.toBeNull();
    expect(accountUrlProblem('a\\b')).not.toBeNull();
    expect(accountUrlProblem('-edge')).not.toBeNull();
    expect(accountUrlProblem('UPPER')).not.toBeNull();
    expect(accountUrlProblem('www')).toBe('This account URL is already taken.');
    expect(accountUrlProblem('acme-training')).toBeNull();
    expect(accountNameProblem('A/B')).not.toBeNull();
    expect(accountNameProblem('A & B')).toBeNull();
  });
});
