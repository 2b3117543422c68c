/** The promo codes module's public face: using a code at registration and at checkout. */
export { attachHoldSession, countHeldUse, holdCheckoutUse, releaseHold, settleStaleHolds } from './holds.ts';
export { checkoutPromo, countCheckoutUse, promoProblem, redeemAtRegistration, stripeCouponFor } from './use.ts';
