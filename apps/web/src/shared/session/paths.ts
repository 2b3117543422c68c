import { startsWithSegment } from '@laurel/domain';

/** Screens where nobody is signed in yet: idle checks are skipped here (docs/product/sign-in-and-sessions.md#flows). */
const SIGN_IN_PATHS = ['/login', '/register', '/portal/login', '/portal/register', '/credentials/login'];

export function isSignInPath(path: string): boolean {
  return path === '/' || SIGN_IN_PATHS.some((p) => startsWithSegment(path, p));
}

/** Pages a signed-out visitor uses on purpose; a 401 there is an answer, not a lost session. */
const PUBLIC_FLOW_PATHS = ['/user/confirm', '/user/reset', '/portal/set-password'];

export function isPublicFlowPath(path: string): boolean {
  return isSignInPath(path) || PUBLIC_FLOW_PATHS.some((p) => startsWithSegment(path, p));
}
