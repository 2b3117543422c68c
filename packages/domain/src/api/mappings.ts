import { z } from 'zod';
import { defineCalls, id, okReply, timestamp } from './contract.ts';

/** Saved column mappings of the send wizard and the admin's data mappings (docs/product/send-wizard.md#calls). */

export const MAPPING_MESSAGES = {
  nameTaken: 'A mapping with this name already exists.',
  saved: 'Saved mapping',
  notYours: 'You may rename or delete only the mappings you saved. Please ask your account administrator.',
} as const;

const fieldKey = z.string().trim().min(1).max(100);

/** One column of a list: its title, and the field (or fields) it fills, or null when it is left out. */
export const mappingRule = z.object({
  title: z.string().trim().min(1).max(200),
  mapped: z.union([fieldKey, z.array(fieldKey).max(20), z.null()]),
});
export type MappingRule = z.infer<typeof mappingRule>;

export const mapping = z
  .object({
    id: z.number().int(),
    /** Null for a global mapping, offered to every account. */
    account_id: z.number().int().nullable(),
    name: z.string(),
    global: z.boolean(),
    /** Who saved an account's own mapping (a sub-user renames and deletes only theirs); null for a global one. */
    created_by: z.number().int().nullable(),
    rules: z.array(z.object({ title: z.string(), mapped: z.union([z.string(), z.array(z.string()), z.null()]) })),
    created_at: timestamp(),
  })
  .meta({ id: 'Mapping' });
export type Mapping = z.infer<typeof mapping>;

const mappingList = z.object({ mappings: z.array(mapping) });

export const mappingBody = z.object({
  name: z.string().trim().min(1, 'Mapping name is required.').max(120),
  rules: z.array(mappingRule).min(1, 'A mapping needs at least one column.').max(100),
});
export type MappingBody = z.infer<typeof mappingBody>;

export const mappingCalls = defineCalls('mappings', {
  createMapping: {
    method: 'POST',
    path: '/api/mappings',
    summary: "Save the send wizard's column choices under a name (paid plans), or a global mapping (super-admins)",
    access: 'session',
    body: mappingBody.extend({
      /** A mapping for every account; super-admins only. */
      global: z.boolean().optional(),
    }),
    response: okReply.extend({ mapping }),
  },
  listMappings: {
    method: 'GET',
    path: '/api/mappings',
    summary: "List the global mappings (`where[global]=1`), or the global ones and the caller's account's own",
    access: 'session',
    query: z.object({ 'where[global]': z.enum(['1']).optional() }),
    response: mappingList,
  },
  updateMapping: {
    method: 'PUT',
    path: '/api/mappings/:id',
    summary: "Change a mapping's name and columns: a global one (super-admins) or the account's own",
    description:
      'An account’s own mapping: its admins change any, a sub-user with the right to send only those they saved (403 otherwise).',
    access: 'session',
    params: z.object({ id: id().meta({ description: 'The mapping id' }) }),
    body: mappingBody,
    response: okReply.extend({ mapping }),
  },
  listGlobalMappings: {
    method: 'GET',
    path: '/api/mappings/global',
    summary: 'List the mappings offered to every account',
    access: 'session',
    response: mappingList,
  },
  listAccountMappings: {
    method: 'GET',
    path: '/api/mappings/:id',
    summary: "List an account's own mappings",
    access: 'session',
    params: z.object({ id: id().meta({ description: 'The account id' }) }),
    response: mappingList,
  },
  deleteMapping: {
    method: 'DELETE',
    path: '/api/mappings/:id',
    summary: 'Delete a mapping',
    description: 'As for changing it: a global one is a super-admin’s; a sub-user deletes only the mappings they saved (403 otherwise).',
    access: 'session',
    params: z.object({ id: id().meta({ description: 'The mapping id' }) }),
    response: okReply,
  },
});
