/**
 * The robots that fetch a shared link to draw its preview (chats, social networks, search engines).
 * Their visit is not the recipient opening the certificate, so it is not recorded as one; people's
 * browsers never name themselves this way.
 */
const ROBOT =
  /bot\b|bot\/|crawler|spider|facebookexternalhit|facebookcatalog|slack|whatsapp|telegram|discord|embedly|iframely|skypeuripreview|mastodon|bluesky|vkshare|pinterest|preview/i;

export const isLinkPreviewRobot = (userAgent: string | undefined): boolean => !!userAgent && ROBOT.test(userAgent);
