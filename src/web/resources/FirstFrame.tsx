import { useLayoutEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { DRAWER, PHONE_BELOW, TOP } from '../app/layoutSizes.ts';
import { firstFrame } from './firstFrame.ts';

// Plain elements and inline styles: this draws from the entry script, which stays free of MUI.
const cell = {
  padding: '6px 16px',
  borderBottom: '1px solid rgba(224,224,224,1)',
  font: '14px Roboto, Arial, sans-serif',
};

/**
 * What shows while the app's code loads: the list's rows when they have arrived for this address (see
 * firstFrame.ts), else the loading bar. The app then takes the same rows without asking again.
 */
export function FirstFrame({ loading }: { loading: string }) {
  const frame = useSyncExternalStore(firstFrame.subscribe, firstFrame.get);
  const { pathname } = useLocation();
  const mine = frame?.path === pathname ? frame : null;
  useLayoutEffect(() => {
    if (!mine) return;
    // Drawn: the next frame paints it, and the app's code may start loading.
    requestAnimationFrame(() => setTimeout(firstFrame.done));
  }, [mine]);
  if (!mine) return <div role="progressbar" aria-label={loading} />;
  const left = window.innerWidth < PHONE_BELOW ? 16 : DRAWER + 24;
  // A picture of the rows, not yet the table: assistive technologies hear "loading" until the app is there.
  return (
    <div>
      <div role="progressbar" aria-label={loading} />
      <div aria-hidden="true">
        <div style={{ position: 'fixed', inset: '0 0 auto 0', height: TOP, background: '#1976d2' }} />
        <div style={{ padding: `${TOP + 24}px 24px 24px ${left}px` }}>
          <h1 style={{ font: '400 1.5rem Roboto, Arial, sans-serif', margin: `0 0 ${mine.toolbarSpace}px` }}>
            {mine.title}
          </h1>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                {mine.columns.map((c) => (
                  <th key={c.key} style={{ ...cell, fontWeight: 500, textAlign: c.align }}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {mine.rows.map((r) => (
                <tr key={r.id} data-preview-row-id={r.id}>
                  {r.cells.map((content, i) => (
                    <td key={mine.columns[i]?.key} style={{ ...cell, textAlign: mine.columns[i]?.align }}>
                      {content}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  );
}
