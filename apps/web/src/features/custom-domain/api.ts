import { type CustomDomainListQuery, customDomainCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** The account's custom portal URL and its certificate (docs/product/recipient-portal.md#calls), and the super-admins' list (docs/product/recipient-portal.md#calls). */
export const CUSTOM_DOMAIN_KEY = ['custom-domain'] as const;
export const getCustomDomain = () => call(customDomainCalls.getUsersDomain, { query: {} });
export const saveCustomDomain = (host: string, active?: boolean) => call(customDomainCalls.saveUsersDomain, { body: { host, active } });
export const saveSslCertificate = (certificate: string, certificate_key: string) =>
  call(customDomainCalls.savePortalSslCertificate, { body: { ssl: { certificate, certificate_key } } });
export const removeSslCertificate = () => call(customDomainCalls.removePortalSslCertificate, { body: {} });
export const listCustomDomains = (query: CustomDomainListQuery) => call(customDomainCalls.listCustomDomains, { query });
