/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { getAccount } from './profile/api.ts';
