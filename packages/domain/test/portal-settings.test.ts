import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PORTAL_SETTINGS,
  PORTAL_SETTINGS_MESSAGES as M,
  normalizePortalSettings,
  PORTAL_LABEL_MAX,
  PORTAL_NAME_MAX,
  PORTAL_TEXT_MAX,
  type PortalSettings,
  portalSettingsProblems,
  portalSettingsUpdate,
} from '../src/index.ts';

/** The settings form's live checks are the contract's own: the lengths it states, counted as it counts them. */

const withText = (change: (s: PortalSettings) => void) => {
  const settings = structuredClone(DEFAULT_PORTAL_SETTINGS);
  change(settings);
  return portalSettingsProblems(normalizePortalSettings(settings));
};

describe('portal settings problems', () => {
  it('take each text at its limit and name the field one character over it, with the contract’s message', () => {
    const cases = [
      ['portal_name.text', PORTAL_NAME_MAX, M.nameTooLong, (s: PortalSettings, v: string) => (s.portal_name.text = v)],
      ['custom_text.text', PORTAL_TEXT_MAX, M.textTooLong, (s: PortalSettings, v: string) => (s.custom_text.text = v)],
      ['login_button.text', PORTAL_LABEL_MAX, M.labelTooLong, (s: PortalSettings, v: string) => (s.login_button.text = v)],
    ] as const;
    for (const [field, max, message, set] of cases) {
      expect(withText((s) => set(s, 'x'.repeat(max)))).toEqual([]);
      expect(withText((s) => set(s, 'x'.repeat(max + 1)))).toEqual([{ field, message }]);
    }
  });

  it('count an emoji as one character, and a Windows line break in the text as one', () => {
    expect(withText((s) => (s.portal_name.text = '🎓'.repeat(PORTAL_NAME_MAX)))).toEqual([]);
    // As the server reads a save: the raw text, Windows line breaks and all.
    const save = (text: string) => portalSettingsUpdate.safeParse({ ...DEFAULT_PORTAL_SETTINGS, custom_text: { text } }).success;
    const lines = `${'a\r\n'.repeat(PORTAL_TEXT_MAX / 2 - 1)}aa`;
    expect([...lines].length).toBeGreaterThan(PORTAL_TEXT_MAX);
    expect(save(lines)).toBe(true);
    expect(save(`${lines}a`)).toBe(false);
  });

  it('name one problem per field: a long name with a line break is refused for its length', () => {
    expect(withText((s) => (s.portal_name.text = `${'x'.repeat(PORTAL_NAME_MAX)}\ny`))).toEqual([
      { field: 'portal_name.text', message: M.nameTooLong },
    ]);
    expect(withText((s) => (s.portal_name.text = 'North\nwind'))).toEqual([{ field: 'portal_name.text', message: M.nameLineBreak }]);
  });

  it('refuse an image that is not one of the store’s addresses', () => {
    expect(withText((s) => (s.background.image = 'https://evil.example/a.png'))).toEqual([
      { field: 'background.image', message: M.invalidImage },
    ]);
  });
});
