import { type PortalUserName, portalUserCalls } from '@laurel/domain';
import { call } from '../api/call.ts';

export const changePortalUserName = (body: PortalUserName) => call(portalUserCalls.changePortalUserName, { body });

export const deletePortalUser = () => call(portalUserCalls.deletePortalUser, {});
