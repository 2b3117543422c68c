import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { LoadingBar } from '../components/LoadingBar.tsx';
import { SessionWatcher } from '../session/SessionWatcher.tsx';
import { UpdateSystemWatcher } from './UpdateSystemWatcher.tsx';

export interface RouteHandle {
  title: string;
}

function useDocumentTitle() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const title = handle?.title;
  useEffect(() => {
    document.title = title ? `${title} · Laurel` : 'Laurel';
  }, [title]);
}

/** Wraps every route: the loading bar, session watchers, announcements and the document title. */
export function Root() {
  useDocumentTitle();
  return (
    <>
      <LoadingBar />
      <SessionWatcher />
      <UpdateSystemWatcher />
      <Outlet />
    </>
  );
}
