/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { PortalExtras, portalBackground } from './PortalExtras.tsx';
export { PortalLoginButton } from './PortalLoginButton.tsx';
export { DEFAULT_PORTAL_LOOK, usePortalLook } from './usePortalLook.ts';
