/** The sign-in screens' query keys. */
export const authKeys = {
  csrf: () => ['csrf'] as const,
  passwordLink: (mode: string, code: string) => ['password-link', mode, code] as const,
};
