/** Business constants shared by the browser and the server (docs/product/billing-and-credits.md#rules-and-limits). */
import { FREE_TIER, TRIAL_DAYS } from './billing/catalogue.ts';

export const NOTIFICATION_MS = 5_000;
export const ERROR_NOTIFICATION_MS = 10_000;
/** Send and purchase-declined errors stay longer (docs/product/billing-and-credits.md#rules-and-limits). */
export const LONG_ERROR_NOTIFICATION_MS = 30_000;
export const LOADING_BAR_LATENCY_MS = 300;

export const SESSION_WARNING_MS = 25 * 60_000;
export const SESSION_IDLE_LIMIT_MS = 30 * 60_000;
/** However active, a session ends this long after sign-in: a stolen token is not good forever. */
export const SESSION_ABSOLUTE_LIMIT_MS = 12 * 60 * 60_000;
export const USER_REFRESH_MS = 40 * 60_000;
export const SESSION_CHECK_INTERVAL_MS = 1_000;
/**
 * While the user is active the client confirms the session with the server at most this often, so
 * the server's own 30-minute idle expiry never ends a session someone is working in.
 */
export const SESSION_KEEPALIVE_MS = 5 * 60_000;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_TOO_LARGE_MESSAGE = 'The file size may not be greater than 2 MB';

/** Read from the plan catalogue (`billing/catalogue.ts`), kept here under the names other code uses. */
export const FREE_TRIAL_DAYS = TRIAL_DAYS;
export const FREE_PLAN_MONTHLY_CREDITS = FREE_TIER.monthly_credits;
export const UNSUBSCRIBED_CERTIFICATE_SET_LIMIT = FREE_TIER.certificate_sets;

export const TABLE_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_LIST_PAGE_SIZES = {
  /** The recipient and credentials portals' grids: four rows of three on a wide screen (the spec's 3 showed one row). */
  portal: 12,
  buildExist: 3,
  sendSelect: 3,
  adminUsersAccount: 10,
  storeRecipient: 10,
  storeHistory: 10,
  storeProjects: 10,
} as const;
/** The lists whose page size a user may choose and keep (`user/pagination`, docs/product/store.md#calls). */
export type PaginationList = keyof typeof DEFAULT_LIST_PAGE_SIZES;
export const PAGINATION_LISTS = Object.keys(DEFAULT_LIST_PAGE_SIZES) as [PaginationList, ...PaginationList[]];
/** The sizes a kept page size may take: the card lists' (3; the portals' 6 to 48) and the tables' sizes. */
export const PAGINATION_COUNTS = [3, 6, 10, 12, 24, 25, 48, 50, 100] as const;

export const SUB_USERS_TOTAL_MAX = 50;
export const SUB_USERS_ACTIVE_MAX = 5;
export const SUB_USERS_ACTIVE_MAX_ENTERPRISE = 50;
export const API_KEY_VALID_MONTHS = 3;
export const PORTAL_NAME_MAX = 60;

export const DEFAULT_COUNTRY = 'US';
export const DEFAULT_CATEGORY = 'Company Category';

export const SUPPORT_EMAIL = 'support@laurel.example';
