import { FIELD_KEYS } from '@laurel/certificate';
import { describe, expect, it } from 'vitest';
import { displayName, isFamilyNameFirst, splitFullName, withNameParts } from '../src/person-name.ts';

describe('splitting a whole name into the parts a certificate prints', () => {
  it('splits a Western name at its last space, whatever its letters', () => {
    expect(splitFullName('  Mary Ann   Smith ')).toEqual({ first: 'Mary Ann', last: 'Smith' });
    expect(splitFullName('Zoë Ångström')).toEqual({ first: 'Zoë', last: 'Ångström' });
    expect(splitFullName('Анна Петрова')).toEqual({ first: 'Анна', last: 'Петрова' });
    expect(splitFullName('Cher')).toEqual({ first: 'Cher', last: '' });
  });

  it('keeps a Chinese, Japanese or Korean name whole and in its order, with or without a space', () => {
    for (const name of ['王小明', '山田太郎', 'やまだ はなこ', 'ヤマダ タロウ', '김민준', '欧阳 娜娜'])
      expect(splitFullName(name)).toEqual({ first: name, last: '' });
    // Printed as "first last", the name reads exactly as written, never "小明 王".
    const { first, last } = splitFullName('王小明');
    expect(displayName(first, last)).toBe('王小明');
  });

  it('reads a name mixing scripts the Western way', () => {
    expect(isFamilyNameFirst('王小明')).toBe(true);
    expect(isFamilyNameFirst('Wang 小明')).toBe(false);
    expect(splitFullName('小明 Wang')).toEqual({ first: '小明', last: 'Wang' });
  });

  it('fills first and last name from the combined column only when both are empty', () => {
    expect(withNameParts({ [FIELD_KEYS.full]: '王小明' })).toEqual({
      [FIELD_KEYS.full]: '王小明',
      [FIELD_KEYS.first]: '王小明',
      [FIELD_KEYS.last]: '',
    });
    const given = { [FIELD_KEYS.full]: 'Mary Ann Smith', [FIELD_KEYS.first]: 'Molly', [FIELD_KEYS.last]: '' };
    expect(withNameParts(given)).toBe(given);
  });
});
