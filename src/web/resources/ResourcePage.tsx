import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import { ErrorPage } from '../app/ErrorPage.tsx';
import { messages } from '../app/messages.ts';
import { useSessionUser } from '../session/useSessionUser.ts';
import { ResourceScreen } from './ResourceScreen.tsx';

/** The generic screen of a resource: its definition is loaded on demand, then everything follows it. */
export function ResourcePage({ name }: { name: string }) {
  const entry = resourceIndex[name as ResourceName];
  const user = useSessionUser();
  const def = useQuery({ queryKey: ['definition', name], queryFn: () => entry.load(), staleTime: Infinity });
  if (entry.roles.length > 0 && !entry.roles.some((r) => user?.roles.includes(r))) return <ErrorPage status={403} message={messages.unauthorized} />;
  if (!def.data) return <CircularProgress aria-label="Caricamento" />;
  return <ResourceScreen key={name} def={def.data} />;
}
