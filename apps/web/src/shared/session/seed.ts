import type { AppConfig } from '@laurel/domain';
import type { QueryClient } from '@tanstack/react-query';
import { CONFIG_KEY, USER_KEY } from './queries.ts';

/**
 * What a page the server rendered ahead of the script was rendered with: the configuration (sent in the
 * page) and nobody signed in. With both known, the route guard renders the screen at once, as the server
 * did, instead of a loader while it asks.
 */
export function seedSignedOutVisit(client: QueryClient, config: AppConfig): void {
  client.setQueryData(CONFIG_KEY, config);
  client.setQueryData(USER_KEY, null);
}
