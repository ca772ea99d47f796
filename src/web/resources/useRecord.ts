import { useQuery } from '@tanstack/react-query';
import type { ResourceDefinition } from '../../domain/resourceDefinition.ts';
import { ApiError } from '../api/apiError.ts';
import { resourceApi } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';

/**
 * The one record a hand-built page opens (`/customers/:id`): none without an id (a new record), and
 * for an id that is not a record an ApiError 404 the page shows with `LoadFailure`, without a call when
 * the id cannot be one. `missing` is the sentence that page shows.
 */
export function useRecord(def: ResourceDefinition | undefined, id: string | undefined) {
  const query = useQuery({
    queryKey: ['record', def?.name, id],
    enabled: !!def && id !== undefined,
    retry: false,
    queryFn: async () => {
      if (!def || !id || !/^[1-9]\d{0,9}$/.test(id)) throw new ApiError(404, { code: 404, message: messages.notFound });
      return resourceApi.find(def, Number(id));
    },
  });
  const missing = def && id ? messages.missingRecord(def.title, def.grammar, id) : messages.notFound;
  return { ...query, missing };
}
