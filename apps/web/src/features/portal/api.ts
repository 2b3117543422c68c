import { authCalls, type PortalListQuery, type PortalUserName, portalCalls, portalUserCalls } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

export const changePortalUserName = (body: PortalUserName) => call(portalUserCalls.changePortalUserName, { body });

export const deletePortalUser = () => call(portalUserCalls.deletePortalUser, {});

// ---- The recipient portal (docs/product/sign-in-and-sessions.md#calls "Login and portals") -------------------------------------------

export const getPortalAccount = () => call(portalCalls.getPortalAccount, { query: { host: window.location.host } }, { quiet401: true });

/** The portal's sign-in form answers its own 401 (wrong credentials), so the call stays quiet. */
export const portalSignIn = (body: { email: string; password: string }) => call(portalCalls.portalSignIn, { body }, { quiet401: true });

/** The sign-in takes the name on the recipient's certificate: the portal does not ask for it again. */
export const startFirstTime = (body: { id: number; email: string }) => call(portalCalls.firstTime, { body });

export const requestPortalReset = (email: string) => call(authCalls.requestPortalPasswordReset, { body: { email } });

export const recipientExists = (email: string) => call(portalCalls.recipientExists, { params: { email } });

export const myCertificates = (email: string, query: PortalListQuery) => call(portalCalls.myCertificates, { params: { email }, query });

export const noLoginCertificates = (email: string, query: PortalListQuery) =>
  call(portalCalls.noLoginCertificates, { params: { email }, query });

export const updateMemo = (id: number, memo: string) => call(portalCalls.updateMemo, { body: { recipient: { id, memo } } });

export const emailAgain = (id: number, email?: string) => call(portalCalls.emailAgain, { params: { id }, body: email ? { email } : {} });
