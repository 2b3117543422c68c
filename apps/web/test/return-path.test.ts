import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../src/features/email-editor/editor-type.ts';

describe('the ?return= path of the email editor', () => {
  it('keeps paths inside the app', () => {
    expect(safeReturnPath('/build/12')).toBe('/build/12');
    expect(safeReturnPath('/store/projects/4/email?tab=design#top')).toBe('/store/projects/4/email?tab=design#top');
    expect(safeReturnPath(null)).toBeNull();
  });

  it('refuses every value a browser would open on another site', () => {
    // As URLSearchParams hands them over: `?return=/%09/evil.example/` arrives with a real tab.
    for (const value of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r\n/evil.example',
      '//evil.example/',
      '/\\evil.example/',
      '\\\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      ' /build/1',
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
  });
});
