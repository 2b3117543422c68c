/** The portal-settings module's public face: what other modules may use. */

export { readPublicPortalSettings } from './service.ts';
