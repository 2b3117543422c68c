import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { theme } from '../shared/theme/theme.ts';
import { NotificationsHost } from './layouts/NotificationsHost.tsx';

/**
 * The providers every screen runs inside, around the router: the browser's (main.tsx) or, where the
 * server renders a page ahead of the script, a static one (src/ssr). Both must give the same tree for
 * the browser to take over the server's markup as it is.
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={client}>
        <NotificationsHost />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
