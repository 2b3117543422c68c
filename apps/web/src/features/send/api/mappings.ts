import { type CallInput, mappingCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';

/** Saved column mappings (docs/product/send-wizard.md#what-is-kept Mapping, docs/product/send-wizard.md#calls); the shapes are the contracts' (`Mapping`, `MappingRule`). */

export const listGlobalMappings = () => call(mappingCalls.listGlobalMappings, {});

export const listAccountMappings = (accountId: number) => call(mappingCalls.listAccountMappings, { params: { id: accountId } });

export const saveMapping = (body: CallInput<typeof mappingCalls.createMapping>['body']) => call(mappingCalls.createMapping, { body });

export const deleteMapping = (id: number) => call(mappingCalls.deleteMapping, { params: { id } });
