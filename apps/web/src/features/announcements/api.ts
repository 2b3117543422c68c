import { systemCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** The system-update announcement: an array whose second item, when present, is the one to show. */
export const getUpdateSystemModal = () => call(systemCalls.getUpdateSystemModal, {});

/** Marks the announcement read so the next visit does not show it again. */
export const markUpdateSystemSeen = () => call(systemCalls.markUpdateSystemSeen, {});
