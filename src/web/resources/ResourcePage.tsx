import { CircularProgress } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { resourceIndex, type ResourceName } from '../../../generated/resourceIndex.ts';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ListView } from './ListView.tsx';
import { loadDefinition, loadedDefinition } from './loadDefinition.ts';
import { useListController } from './useListController.ts';
import { messages } from '../i18n/messages.ts';

const SingleRecordScreen = lazy(() =>
  import('./SingleRecordScreen.tsx').then((mod) => ({ default: mod.SingleRecordScreen })),
);

/** One list for every resource: its controller, drawn by the one view. */
function ListScreen({ def }: { def: ResourceDefinition }) {
  return <ListView controller={useListController(def)} />;
}

/** The generic screen of a resource: its definition is loaded on demand, then everything follows it (the Guard checked the roles). */
export function ResourcePage({ name }: { name: string }) {
  // A list opened cold has its definition already (its preload loaded it): drawn at once, without a spinner.
  const def = useQuery({
    queryKey: ['definition', name],
    queryFn: () => loadDefinition(resourceIndex[name as ResourceName]),
    initialData: () => loadedDefinition(name),
    staleTime: Infinity,
  });
  if (!def.data) return <CircularProgress aria-label={messages.loading} />;
  return def.data.single ? (
    <Suspense fallback={null}>
      <SingleRecordScreen key={name} def={def.data} />
    </Suspense>
  ) : (
    <ListScreen key={name} def={def.data} />
  );
}
