import type { AdminCustomDomain, CustomDomain } from '@laurel/domain';
import type { customDomains } from '../../db/schema.ts';
import { summarizeStored } from './certificates.ts';

export type CustomDomainRow = typeof customDomains.$inferSelect;

/** The account's custom URL as its settings read it: the certificate's own description, never the key. */
export function presentCustomDomain(row: CustomDomainRow | undefined): CustomDomain {
  if (!row) return { host: '', active: false, is_ssl: false, certificate: null };
  return {
    host: row.host,
    active: row.active,
    is_ssl: row.is_ssl,
    certificate: row.is_ssl && row.certificate ? summarizeStored(row.certificate) : null,
  };
}

export function presentAdminCustomDomain(row: CustomDomainRow & { account_name: string }): AdminCustomDomain {
  return {
    id: row.id,
    account_id: row.account_id,
    account_name: row.account_name,
    host: row.host,
    active: row.active,
    is_ssl: row.is_ssl,
    not_after: row.is_ssl && row.not_after ? row.not_after.toISOString() : null,
    updated_at: row.updated_at.toISOString(),
  };
}
