/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { SocialButtons } from './SocialButtons.tsx';
export { SsoLoginForm } from './SsoLoginForm.tsx';
export { useSsoHandover } from './useSsoHandover.ts';
