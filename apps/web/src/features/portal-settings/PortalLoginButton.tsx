import { DEFAULT_PORTAL_SETTINGS, type PublicPortalSettings, readableTextOn } from '@laurel/domain';
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePortalLook } from './usePortalLook.ts';

type ButtonLook = PublicPortalSettings['login_button'];

/**
 * The portal's sign-in button in the account's colours and label (docs/product/sign-in-and-sessions.md#what-is-kept `login_button`; defaults
 * #66701F on #FFF, 'Login', docs/product/recipient-portal.md#rules-and-limits). A label the account chose wins; otherwise `children` names the
 * button (a form's own words), else 'Login'. `look` shows settings not saved yet (the settings preview).
 * A label colour that cannot be read on the chosen background gives way to one that can (WCAG 1.4.3).
 */
export function PortalLoginButton({
  children,
  type = 'submit',
  loading,
  look,
  fullWidth = true,
}: {
  children?: ReactNode;
  type?: 'submit' | 'button';
  loading?: boolean;
  look?: ButtonLook;
  fullWidth?: boolean;
}) {
  const saved = usePortalLook().login_button;
  const button = look ?? saved;
  const color = readableTextOn(button.background, button.color);
  return (
    <Button
      type={type}
      loading={loading}
      fullWidth={fullWidth}
      size="md"
      styles={{ root: { backgroundColor: button.background, color }, label: { color } }}
    >
      {button.text !== DEFAULT_PORTAL_SETTINGS.login_button.text ? button.text : (children ?? button.text)}
    </Button>
  );
}
