import { api } from '../../api/client.ts';

/** Saved column mappings (spec 3 §3 Mapping, §7). */

export interface MappingRule {
  /** The import column's header. */
  title: string;
  /** The certificate field it fills, or nothing. */
  mapped: string | string[] | null;
}

export interface SavedMapping {
  id: number;
  account_id: number | null;
  name: string;
  global: boolean;
  rules: MappingRule[];
  created_at: string;
}

export const listGlobalMappings = () => api.get<{ mappings: SavedMapping[] }>('/mappings/global');

export const listAccountMappings = (accountId: number) => api.get<{ mappings: SavedMapping[] }>(`/mappings/${accountId}`);

export const saveMapping = (body: { name: string; rules: MappingRule[]; global?: boolean }) =>
  api.post<{ success: boolean; message: string; mapping: SavedMapping }>('/mappings', body);

export const deleteMapping = (id: number) => api.delete<{ success: boolean; message: string }>(`/mappings/${id}`);
