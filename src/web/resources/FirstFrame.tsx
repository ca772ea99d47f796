import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { firstFrame } from './firstFrame.ts';

/**
 * What the entry's React shows while the app's code loads: the loading bar, behind the list's first frame
 * when one is on screen for this address (firstFrame.ts). The frame goes when the app takes its place.
 */
export function FirstFrame({ loading }: { loading: string }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => firstFrame.keepOn(pathname), [pathname]);
  return <div role="progressbar" aria-label={loading} />;
}
