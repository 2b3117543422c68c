/** The custom-domains module's public face: the host routing's lookup and the TLS listener. */
export { customDomainAccount, type PortalAccount } from './lookup.ts';
export { registerTlsListener } from './tls-listener.ts';
