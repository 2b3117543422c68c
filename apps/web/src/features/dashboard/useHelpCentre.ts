import type { DashboardProgress } from '@laurel/domain';
import { useEffect, useState } from 'react';
import { setDashboardAction } from './api.ts';

const SESSION_KEY = 'laurel.help-centre-checked';

/**
 * The help-centre rule (docs/product/dashboard.md#flows), once per browser session: an account that never saw it is marked
 * (null becomes false); one marked that still has done nothing gets the schedule-call dialog, once
 * (false becomes true).
 */
export function useHelpCentre(shown: boolean | null | undefined, progress: DashboardProgress | null | undefined, ready: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!ready || shown === undefined || progress === undefined || sessionStorage.getItem(SESSION_KEY)) return;
    sessionStorage.setItem(SESSION_KEY, '1');
    if (shown === null) void setDashboardAction({ action: 'help_center_shown', status: false }).catch(() => undefined);
    else if (shown === false && progress === null) {
      setOpen(true);
      void setDashboardAction({ action: 'help_center_shown', status: true }).catch(() => undefined);
    }
  }, [ready, shown, progress]);
  return { open, close: () => setOpen(false) };
}
