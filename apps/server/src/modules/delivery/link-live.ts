import { LINK_LIVE_STATES } from '@laurel/domain';
import { inArray, isNotNull, or } from 'drizzle-orm';
import { recipients } from '../../db/schema.ts';

/** When a certificate's link is live is a product rule (`linkIsLive` in @laurel/domain); this is it as a query condition. */
export { linkIsLive } from '@laurel/domain';

export const linkIsLiveSql = () => or(isNotNull(recipients.sent_at), inArray(recipients.state, [...LINK_LIVE_STATES]));
