import { type AppConfig, catalogueReply, PLAN_IDS } from '@laurel/domain';
import type { AppContext } from '../context.ts';
import { socialSignInOptions } from '../modules/sso/index.ts';
import type { HostInfo } from './host.ts';

/**
 * The spec's Config fields (docs/product/billing-and-credits.md#what-is-kept). `basic_plan` is the entry plan and `prem_plan` the top one; no
 * yearly plans are sold, so their ids are null. The publishable key is read only when card payments are on.
 */
function billingConfig(context: AppContext) {
  const stripe = !!context.env.STRIPE_SECRET_KEY;
  const publishable = (context.env as { STRIPE_PUBLISHABLE_KEY?: string }).STRIPE_PUBLISHABLE_KEY;
  return {
    pub_key: stripe && publishable ? publishable : null,
    basic_plan: PLAN_IDS[0],
    prem_plan: PLAN_IDS[PLAN_IDS.length - 1]!,
    basic_plan_yearly: null,
    prem_plan_yearly: null,
    billing: { provider: stripe ? ('stripe' as const) : ('manual' as const) },
  };
}

/**
 * What the client needs before anyone signs in (`GET /api/config`): which host it is on and what is
 * configured. The server-rendered sign-in page carries the same, so the browser need not ask.
 */
export function appConfigFor(context: AppContext, hostInfo: HostInfo): AppConfig {
  return {
    base_domain: context.env.BASE_DOMAIN,
    public_url: context.env.PUBLIC_URL,
    host: {
      on_portal_host: hostInfo.onPortalHost,
      credentials_portal: hostInfo.credentialsPortal,
      account: hostInfo.account,
    },
    payments_enabled: !!context.env.STRIPE_SECRET_KEY,
    reviews_enabled: !!context.env.REVIEW_URL,
    ...billingConfig(context),
    catalogue: catalogueReply(),
    social_sign_in: socialSignInOptions(context.env),
  };
}
