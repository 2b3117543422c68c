import { type Feature, type FeatureHolder, featureAllowed } from '@laurel/domain';
import { upgradeRequired } from '../../http/errors.ts';

/**
 * Refuses a feature the account's plan, its running trial or its override does not include at `now` (the
 * context's clock), with 403 `upgrade`, the catalogue's message and the way to upgrade. Every plan gate on the
 * server goes through here; the portal customisation, SSO and custom URL routes use it with their feature name.
 */
export function assertFeature(account: FeatureHolder, feature: Feature, now: Date): void {
  if (!featureAllowed(account, feature, now)) throw upgradeRequired(feature);
}
