/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { listCustomDomains } from './api.ts';
export { CustomDomainCard } from './CustomDomainCard.tsx';
