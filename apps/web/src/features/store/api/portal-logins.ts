import { portalLoginCalls } from '@laurel/domain';
import { call } from '../../../shared/api/call.ts';

/** The issuer's actions on a recipient's portal sign-in (docs/product/store.md#calls "Send and projects"). */
export const getPortalLogin = (recipientId: number) => call(portalLoginCalls.getPortalLogin, { params: { id: recipientId } });

export const setPortalPassword = (userId: number, password: string, confirmation: string) =>
  call(portalLoginCalls.changeRecipientPassword, { params: { userId }, body: { password, password_confirmation: confirmation } });

export const confirmPortalLogin = (userId: number) => call(portalLoginCalls.confirmRecipientUser, { body: { user_id: userId } });

export const deletePortalLogin = (userId: number) => call(portalLoginCalls.deleteRecipientUser, { body: { user_id: userId } });
