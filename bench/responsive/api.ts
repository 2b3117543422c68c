/** A small HTTP client of the running app, signed in once `token` is set. */
export class Api {
  token = '';
  constructor(readonly url: string) {}

  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few fields of each reply; the API tests check the replies' shapes
  async call<T = any>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.url}${path}`, {
      method,
      headers: {
        ...(this.token ? { authentication: this.token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async signIn(email: string, password: string): Promise<{ user: { account: { id: number } | null } }> {
    const { csrf_token } = await this.call('GET', '/api/auth/csrf');
    const login = await this.call('POST', '/api/auth', { email, password, csrf_token });
    this.token = login.token;
    return login;
  }
}
