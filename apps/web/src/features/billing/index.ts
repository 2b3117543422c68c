/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { TrialBadge } from './TrialBadge.tsx';
export { usePurchase } from './usePurchase.ts';
