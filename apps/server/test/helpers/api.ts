import type { ApiErrorBody, LoginResponse, SignInReply } from '@laurel/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { TestLaurel } from './laurel.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A small client over `app.inject`, carrying a token and a Host header like the browser would. */
/** One field of a multipart form; a file when it has a name. */
export interface FormPart {
  name: string;
  value: Buffer | string;
  filename?: string;
}

export class ApiClient {
  constructor(
    private readonly laurel: TestLaurel,
    public token: string | null = null,
    private readonly host = 'laurel.test',
    private readonly ip = `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {}

  async call(method: Method, url: string, body?: unknown): Promise<LightMyRequestResponse> {
    return this.laurel.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        ...(this.token ? { authentication: this.token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  }

  /** A multipart form, as a browser's file input posts it. */
  async upload(url: string, parts: FormPart[]): Promise<LightMyRequestResponse> {
    const boundary = `----laurel${Math.random().toString(16).slice(2)}`;
    const payload = Buffer.concat([
      ...parts.flatMap((p) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}\r\n\r\n`,
        ),
        Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
        Buffer.from('\r\n'),
      ]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    return this.laurel.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: this.ip,
      headers: {
        host: this.host,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(this.token ? { authentication: this.token } : {}),
      },
    });
  }

  get = (url: string) => this.call('GET', url);
  post = (url: string, body: unknown = {}) => this.call('POST', url, body);
  delete = (url: string) => this.call('DELETE', url);

  withHost(host: string): ApiClient {
    return new ApiClient(this.laurel, this.token, host, this.ip);
  }

  async login(email: string, password: string, extra: { email_code?: string; pin_code?: string } = {}): Promise<LightMyRequestResponse> {
    const csrf = (await this.get('/api/auth/csrf')).json<{ csrf_token: string }>().csrf_token;
    const response = await this.post('/api/auth', { email, password, csrf_token: csrf, ...extra });
    if (response.statusCode === 200) this.token = response.json<SignInReply>().token;
    return response;
  }
}

export function errorOf(response: LightMyRequestResponse): ApiErrorBody {
  return response.json<ApiErrorBody>();
}

let counter = 0;
/** A unique address per call, so every test makes its own account. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The code at the end of a link mailed to the user (…/user/confirm/{code}). */
export function codeFromMail(text: string, kind: 'confirm' | 'reset'): string {
  const match = new RegExp(`/user/${kind}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${kind} link in mail:\n${text}`);
  return match[1]!;
}

export const GOOD_PASSWORD = 'violet-meadow-lantern-42';

/** Registers an account through the API, confirms it from the mailed link and signs in. */
export async function registerConfirmedAdmin(laurel: TestLaurel, overrides: Record<string, unknown> = {}) {
  const client = new ApiClient(laurel);
  const email = uniqueEmail('admin');
  const url = `acct${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const registration = await client.post('/api/registration/account', {
    email,
    first_name: 'Ada',
    last_name: 'Lovelace',
    opt_in: false,
    account_name: 'Analytical Engines',
    url,
    ...overrides,
  });
  if (registration.statusCode !== 200) throw new Error(`registration failed: ${registration.body}`);
  const mail = await laurel.lastMailTo(email);
  const code = codeFromMail(mail.text, 'confirm');
  const set = await client.post('/api/users/confirm/password', {
    code,
    password: GOOD_PASSWORD,
    password_confirmation: GOOD_PASSWORD,
    accept_terms: true,
  });
  if (set.statusCode !== 200) throw new Error(`set password failed: ${set.body}`);
  const login = await client.login(email, GOOD_PASSWORD);
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { client, email, url, user: login.json<LoginResponse>().user };
}
