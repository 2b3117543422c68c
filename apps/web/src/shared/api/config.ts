import { systemCalls } from '@laurel/domain';
import { call } from './call.ts';

/** What the server tells the client before anyone signs in. */
export type { AppConfig } from '@laurel/domain';

export const getConfig = () => call(systemCalls.getConfig, {}, { quiet401: true });
