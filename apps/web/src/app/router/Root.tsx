import { Suspense, useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';
import { UpdateSystemWatcher } from '../../features/announcements/index.ts';
import { FullPageLoader } from '../../shared/components/FullPageLoader.tsx';
import { LoadingBar } from '../../shared/components/LoadingBar.tsx';
import { SessionWatcher } from '../session/SessionWatcher.tsx';

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

/** Wraps every route: the loading bar, session watchers, announcements, the document title and screen loading. */
export function Root() {
  useDocumentTitle();
  return (
    <>
      <LoadingBar />
      <SessionWatcher />
      <UpdateSystemWatcher />
      {/*
        Screens load on first use (pages.tsx). The fallback is the route guard's own loader, so the first
        screen of a visit follows it without a flash; navigations are transitions, during which React
        keeps the current screen up until the next one has loaded.
      */}
      <Suspense fallback={<FullPageLoader />}>
        <Outlet />
      </Suspense>
    </>
  );
}
