/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { checkAccountUrl } from './api.ts';
