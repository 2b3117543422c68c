import { canSend, reportedFeature, type UserDto, upgradeMessage } from '@laurel/domain';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { openUpgradeDialog } from '../../shared/components/plan-dialogs.tsx';

/** Exports need the catalogue's `export` feature (docs/product/store.md#who-may-do-what), and a sub-user who may send. The server checks both too. */
export function canExport(user: UserDto): boolean {
  return user.account ? reportedFeature(user.account, 'export') && canSend(user) : false;
}

/**
 * Export buttons are shown to everyone who may send, whatever the plan, so that the feature can be
 * found: where the plan lacks it, the button says which plan has it instead of exporting.
 * `visible` shows the buttons; `allowed` is whether they export; `open` runs the export or shows the plan.
 */
export function useExportAccess(user: UserDto) {
  const navigate = useNavigate();
  const allowed = canExport(user);
  const open = useCallback(
    (run: () => void) => (allowed ? run() : openUpgradeDialog((to) => void navigate(to), upgradeMessage('export'))),
    [allowed, navigate],
  );
  return { visible: !!user.account && canSend(user), allowed, open };
}
