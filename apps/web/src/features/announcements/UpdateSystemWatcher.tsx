import type { Announcement } from '@laurel/domain';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../shared/session/queries.ts';
import { getUpdateSystemModal, markUpdateSystemSeen } from './api.ts';
import type { UpdateSystemModal } from './UpdateSystemModal.tsx';

type Dialog = ComponentType<Parameters<typeof UpdateSystemModal>[0]>;

/**
 * The system-update announcement (docs/product/dashboard.md#calls): asked for on every location change and shown once.
 * The server sanitises the HTML already; it is cleaned again here because it is injected as HTML.
 */
export function UpdateSystemWatcher() {
  const { pathname } = useLocation();
  const { data: user } = useCurrentUser();
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const shown = useRef(new Set<string>());

  // The announcement is asked for again on every location change (pathname is the trigger).
  useEffect(() => {
    // The dashboard shows the announcement inline, with its own dismiss.
    if (!user || pathname === '/dashboard') return;
    let cancelled = false;
    getUpdateSystemModal()
      .then((reply) => {
        const item = Array.isArray(reply) ? reply[1] : undefined;
        if (cancelled || !item || typeof item.title !== 'string' || typeof item.content !== 'string') return;
        const key = String(item.id ?? item.title);
        if (shown.current.has(key)) return;
        shown.current.add(key);
        // DOMPurify and the dialog load only when there is something to show: most visits have no announcement.
        return Promise.all([import('dompurify'), import('./UpdateSystemModal.tsx')]).then(([{ default: DOMPurify }, dialog]) => {
          if (cancelled) return;
          setDialog(() => dialog.UpdateSystemModal);
          setAnnouncement({ ...item, content: DOMPurify.sanitize(item.content) });
        });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [pathname, user]);

  const close = () => {
    setAnnouncement(null);
    void markUpdateSystemSeen().catch(() => undefined);
  };

  // Once loaded the dialog stays, so that closing it plays its exit transition.
  return Dialog ? <Dialog announcement={announcement} onClose={close} /> : null;
}
