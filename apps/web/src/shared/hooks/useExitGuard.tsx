import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks 'Exit Without Saving?' before leaving a screen with unsaved changes (docs/product/access-and-routes.md#screens): in-app
 * navigation through a confirm modal, closing or reloading the tab through the browser's prompt.
 */
export function useExitGuard(dirty: boolean, message = 'You have unsaved changes. If you leave now, they will be lost.') {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  // The blocker object is renewed on every router update; ask once per blocked navigation.
  const askedFor = useRef<string | null>(null);

  useEffect(() => {
    if (blocker.state !== 'blocked') {
      askedFor.current = null;
      return;
    }
    if (askedFor.current === blocker.location.key) return;
    askedFor.current = blocker.location.key;
    // Closing the modal by its X or Escape counts as staying; only one of the outcomes may run.
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      action();
    };
    modals.openConfirmModal({
      title: 'Exit Without Saving?',
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: 'Exit without saving', cancel: 'Stay on this page' },
      confirmProps: { color: 'red' },
      onConfirm: () => settle(() => blocker.proceed?.()),
      onCancel: () => settle(() => blocker.reset?.()),
      onClose: () => settle(() => blocker.reset?.()),
    });
  }, [blocker, message]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
