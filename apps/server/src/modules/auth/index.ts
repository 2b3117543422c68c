/** The auth module's public face: what other modules and the server's shared code may use. */
export {
  assertCodeAttemptsLeft,
  checkSignInAttempts,
  clearFailures,
  confirmPassword,
  recordCodeFailure,
  recordFailure,
} from './attempts.ts';
export { consumeCode, findTypedCode, issueCode, issueTypedCode } from './codes.ts';
export { hashPassword, serverPasswordProblem, verifyPassword } from './passwords.ts';
export { createSession, resolveSession, revokeSession, revokeUserSessions, type SessionRow, type UserRow } from './sessions.ts';
