import { type Call, type CallInput, type CallOutput, callPath, isFileReply } from '@laurel/domain';
import { API_BASE, apiRequest, fileRequest, type QueryValues, queryString, type RequestOptions } from './client.ts';

/**
 * Makes one API call from its contract (packages/domain/src/api): the path, the input and the reply are
 * typed from the same schemas the server validates and serialises with, so the two cannot drift apart.
 */
export function call<C extends Call>(contract: C, input: CallInput<C>, options: Omit<RequestOptions, 'body' | 'query'> = {}) {
  const parts = input as { params?: Record<string, unknown>; query?: RequestOptions['query']; body?: unknown; form?: FormData };
  const path = callPath(contract.path, parts.params).slice(API_BASE.length);
  if (isFileReply(contract.response)) throw new Error(`${contract.operationId} answers a file: use callFile, or its address for a link`);
  const body = parts.form ?? parts.body ?? (contract.method === 'GET' || contract.method === 'DELETE' ? undefined : {});
  return apiRequest<CallOutput<C>>(contract.method, path, { ...options, query: parts.query, body });
}

/** The address of a call, for links and for file replies fetched as binaries. */
export function callUrl<C extends Call>(contract: C, input: Pick<CallInput<C>, 'params' | 'query'>): string {
  const parts = input as { params?: Record<string, unknown>; query?: QueryValues };
  return `${callPath(contract.path, parts.params)}${queryString(parts.query)}`;
}

/** A call whose reply is a file (a certificate's PNG or PDF, a font file): its bytes, with the session header. */
export function callFile<C extends Call>(contract: C, input: CallInput<C>): Promise<Blob> {
  if (!isFileReply(contract.response)) throw new Error(`${contract.operationId} answers JSON: use call`);
  const parts = input as { params?: Record<string, unknown>; query?: QueryValues; body?: unknown };
  const url = `${callPath(contract.path, parts.params)}${queryString(parts.query)}`;
  return fileRequest(contract.method, url, { body: parts.body });
}
