import type { UserDto } from '@laurel/domain';
import { useQuery } from '@tanstack/react-query';
import { getConfig } from '../api/config.ts';
import { ApiError } from '../api/errors.ts';
import { clearToken, getToken } from '../api/token.ts';
import { getCurrentUser } from './api.ts';

export const USER_KEY = ['session', 'user'] as const;
export const CONFIG_KEY = ['config'] as const;

/**
 * The signed-in user, or null. A stored token the server no longer accepts means "signed out"
 * when the app opens; later 401s during work open the re-login modal instead.
 */
async function loadSessionUser(): Promise<UserDto | null> {
  if (!getToken()) return null;
  try {
    return await getCurrentUser({ quiet401: true });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearToken();
      return null;
    }
    throw error;
  }
}

export function useCurrentUser() {
  return useQuery({ queryKey: USER_KEY, queryFn: loadSessionUser, staleTime: Infinity });
}

/** The user when the caller is inside the signed-in shell, where the guard guarantees one. */
export function useSignedInUser(): UserDto {
  const { data } = useCurrentUser();
  if (!data) throw new Error('useSignedInUser used outside a signed-in screen');
  return data;
}

export function useAppConfig() {
  return useQuery({ queryKey: CONFIG_KEY, queryFn: getConfig, staleTime: Infinity });
}
