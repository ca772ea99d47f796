import { Box, Skeleton, type SxProps } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from '../../api/client.ts';

/** A photo or the signature of a stored acceptance: fetched with the session's token, shown from a blob. */
export function ApiImage({
  id,
  photo,
  alt,
  sx,
}: {
  id: number;
  /** The photo's position; undefined for the signature. */
  photo?: number;
  alt: string;
  sx?: SxProps;
}) {
  const { data } = useQuery({
    queryKey: ['accettazione-immagine', id, photo ?? 'firma'],
    staleTime: Infinity,
    queryFn: async () => {
      const { data: blob } =
        photo === undefined
          ? await api.GET('/api/accettazioni_mezzi/{id}/firma', { params: { path: { id } }, parseAs: 'blob' })
          : await api.GET('/api/accettazioni_mezzi/{id}/foto/{n}', {
              params: { path: { id, n: photo } },
              parseAs: 'blob',
            });
      return blob ?? null;
    },
  });
  const url = useMemo(() => (data ? URL.createObjectURL(data) : null), [data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!url) return <Skeleton variant="rectangular" sx={sx} />;
  return <Box component="img" src={url} alt={alt} sx={{ objectFit: 'cover', ...sx }} />;
}
