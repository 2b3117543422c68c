/**
 * PostgreSQL's answers (SQLSTATE) when it is shutting down, starting up or has cut the connection, and
 * the socket errors of a server that is not there: the database is away for a while, nothing is wrong
 * with the request. Classes 08 (connection exception) and 57P (operator intervention).
 */
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-4])$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE = /^Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether an error (or one it wraps, as the query builder does) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_SOCKET.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // AggregateError: every address of the host refused (Node tries each one).
    const errors = (current as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length && errors.every((e) => isDatabaseUnavailable(e))) return true;
  }
  return false;
}
