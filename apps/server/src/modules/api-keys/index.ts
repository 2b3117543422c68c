/** The API keys module's public face: what other modules and the server's shared code may use. */
export { type ApiKeyRow, authenticateKey, type KeyLookup } from './service.ts';
