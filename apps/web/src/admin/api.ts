import { adminCalls } from '@laurel/domain';
import { call } from '../api/call.ts';

export const listOutbox = (limit: number, offset: number) => call(adminCalls.listOutboxMessages, { query: { limit, offset } });

export const getOutboxMessage = (id: string) => call(adminCalls.getOutboxMessage, { params: { id } });
