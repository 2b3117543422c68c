import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './api/query-client.ts';
import { NotificationsHost } from './layout/NotificationsHost.tsx';
import { router } from './router/router.tsx';
import { theme } from './theme/theme.ts';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
