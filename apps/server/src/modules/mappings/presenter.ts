import type { Mapping } from '@laurel/domain';
import type { mappings } from '../../db/schema.ts';

type MappingRow = typeof mappings.$inferSelect;

/** A saved mapping as the wizard and the admin screens read it (docs/product/send-wizard.md#what-is-kept: Mapping). */
export function presentMapping(row: MappingRow): Mapping {
  return {
    id: row.id,
    account_id: row.account_id,
    name: row.name,
    global: row.account_id === null,
    // A global mapping's author is a super-admin of the service: not something every account needs to read.
    created_by: row.account_id === null ? null : row.created_by,
    rules: row.rules,
    created_at: row.created_at.toISOString(),
  };
}
