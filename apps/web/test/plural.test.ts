import { describe, expect, it } from 'vitest';
import { plural } from '../src/shared/lib/format.ts';

describe('counts with their nouns', () => {
  it('say one thing in the singular and every other count in the plural', () => {
    expect(plural(1, 'certificate set')).toBe('1 certificate set');
    expect(plural(0, 'certificate set')).toBe('0 certificate sets');
    expect(plural(2, 'recipient')).toBe('2 recipients');
    expect(plural(1, 'trial day')).toBe('1 trial day');
  });

  it('write large counts with separators, and take an irregular plural', () => {
    expect(plural(1204, 'recipient')).toBe('1,204 recipients');
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });
});
