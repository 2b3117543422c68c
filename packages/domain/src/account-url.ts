/**
 * Account URL: the subdomain of an account's portal (docs/product/account.md#rules-and-limits). The spec forbids slashes; as the
 * value becomes a DNS label we also keep it to lowercase letters, digits and inner hyphens.
 */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Names the product itself answers on; an account may not take them. */
export const RESERVED_ACCOUNT_URLS = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'smtp',
  'portal',
  'credentials',
  'static',
  'assets',
  'help',
  'support',
  'status',
  'login',
]);

export const ACCOUNT_URL_INVALID_MESSAGE = 'The account URL may contain only lowercase letters, digits and hyphens.';
export const ACCOUNT_URL_TAKEN_MESSAGE = 'This account URL is already taken.';
export const ACCOUNT_NAME_INVALID_MESSAGE = 'The account name may not contain a slash or a backslash.';

export function accountUrlProblem(url: string): string | null {
  if (/[/\\]/.test(url) || !LABEL.test(url)) return ACCOUNT_URL_INVALID_MESSAGE;
  if (RESERVED_ACCOUNT_URLS.has(url)) return ACCOUNT_URL_TAKEN_MESSAGE;
  return null;
}

export function accountNameProblem(name: string): string | null {
  return /[/\\]/.test(name) ? ACCOUNT_NAME_INVALID_MESSAGE : null;
}

/** The suggestion before any availability check: the lowercased name without other characters. */
export function accountUrlBase(accountName: string, firstName = '', lastName = ''): string {
  const source = accountName.trim() || `${firstName}${lastName}`;
  return source
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 63);
}

/**
 * Suggests a free account URL: the base, then the base with a random number 0-100 appended
 * until the availability check says it is free (docs/product/account.md#rules-and-limits).
 */
export async function suggestAccountUrl(
  base: string,
  isTaken: (candidate: string) => Promise<boolean>,
  random: () => number = Math.random,
  maxTries = 50,
): Promise<string> {
  const root = base || 'account';
  if (!(await isTaken(root)) && !accountUrlProblem(root)) return root;
  for (let i = 0; i < maxTries; i++) {
    const candidate = `${root}${Math.floor(random() * 101)}`;
    if (!(await isTaken(candidate)) && !accountUrlProblem(candidate)) return candidate;
  }
  return `${root}${Date.now().toString(36)}`;
}
