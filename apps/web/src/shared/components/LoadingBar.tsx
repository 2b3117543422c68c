import { LOADING_BAR_LATENCY_MS } from '@laurel/domain';
import { Box } from '@mantine/core';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { requestsInFlight, subscribeToRequests } from '../api/activity.ts';
import classes from './LoadingBar.module.css';

/**
 * A thin bar across the top while the API is busy. It appears only after 300 ms (docs/product/billing-and-credits.md#rules-and-limits) so
 * that quick answers do not make the page flicker.
 */
export function LoadingBar() {
  // A page the server renders (src/ssr) has nothing in flight.
  const busy = useSyncExternalStore(
    subscribeToRequests,
    () => requestsInFlight() > 0,
    () => false,
  );
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), LOADING_BAR_LATENCY_MS);
    return () => window.clearTimeout(timer);
  }, [busy]);

  if (!visible) return null;
  return <Box className={classes.bar} role="progressbar" aria-label="Loading" />;
}
