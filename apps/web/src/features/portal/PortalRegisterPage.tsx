import { PortalLoginPage } from './PortalLoginPage.tsx';

/** `/portal/register`: the portal login opening on its first-time form. */
export function PortalRegisterPage() {
  return <PortalLoginPage start="first" />;
}
