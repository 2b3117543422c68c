import { api } from './client.ts';

/** What the server tells the client before anyone signs in (GET /api/config). */
export interface AppConfig {
  base_domain: string;
  public_url: string;
  host: {
    on_portal_host: boolean;
    credentials_portal: boolean;
    account: { name: string; url: string; imagepath: string | null } | null;
  };
  payments_enabled: boolean;
  /** Whether the operator set a review page (`REVIEW_URL`); without one nobody is asked for a review. */
  reviews_enabled: boolean;
}

export const getConfig = () => api.get<AppConfig>('/config', { quiet401: true });
