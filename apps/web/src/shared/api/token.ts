/** The session token lives in localStorage so that every tab shares one session (docs/product/sign-in-and-sessions.md#calls). */
export const TOKEN_KEY = 'laurel.token';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
