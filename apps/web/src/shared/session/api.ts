import { authCalls } from '@laurel/domain';
import { call } from '../api/call.ts';

/** The signed-in person, read by the session's queries and the idle check. */
export const getCurrentUser = (options: { quiet401?: boolean } = {}) => call(authCalls.getCurrentUser, {}, options);

export const logout = () => call(authCalls.signOut, {}, { quiet401: true });
