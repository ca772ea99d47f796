import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client.ts';
import { authProvider } from './authProvider.ts';
import { dispatchHubEvent, registeredHubHandlers, type HubHandlers } from './hubEvents.ts';
import { tokenStore } from './tokenStore.ts';

/** What the app does with each kind of hub event. */
const HANDLERS: HubHandlers = {
  user: (event) => {
    if (event.event === 'forced-logout' && event.userId === tokenStore.user()?.id) authProvider.logout();
  },
};

/**
 * Subscribes the push hub after login (SPEC.md section 7): the stream comes from the server that
 * served the app, with a subscriber token for the user's own topics.
 */
export function useHub(userId: number | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let source: EventSource | null = null;
    let cancelled = false;
    void api.GET('/api/hub/subscriber-token').then(({ data }) => {
      if (cancelled || !data) return;
      const url = new URL('/hub', window.location.origin);
      for (const topic of data.data.topics) url.searchParams.append('topic', topic);
      url.searchParams.set('token', data.data.token);
      source = new EventSource(url);
      source.onmessage = (message: MessageEvent<string>) =>
        dispatchHubEvent(message.data, { ...registeredHubHandlers(queryClient), ...HANDLERS });
    });
    return () => {
      cancelled = true;
      source?.close();
    };
  }, [userId, queryClient]);
}
