import { Box, Card, CardActionArea, CardContent, CardMedia, MenuItem, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FamigliaGruppoRisorse, GruppoRisorse } from '../../../../generated/entities.ts';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { resourceApi } from '../../api/resourceApi.ts';
import { dataUrl } from '../../resources/PictureDialog.tsx';
import { offerMessages as m } from './offerMessages.ts';
import { machineName } from '../../../domain/machineName.ts';

type PictureOwner = 'gruppoRisorse' | 'famigliaGruppoRisorse';
const name = (g: GruppoRisorse) => machineName({ description: g.description, code: g.resourceGroup });

/** A record's picture (resource group or family), or a grey box saying there is none. */
function Picture({ owner, id, alt, height }: { owner: PictureOwner; id: number; alt: string; height: number }) {
  const image = useQuery({
    queryKey: ['offer-picture', owner, id],
    queryFn: async () => dataUrl(await resourceApi.image(await resourceIndex[owner].load(), id)),
    staleTime: 5 * 60_000,
  });
  if (image.data)
    return <CardMedia component="img" image={image.data} alt={alt} sx={{ height, objectFit: 'contain' }} />;
  return (
    <Box
      sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', color: 'text.secondary' }}
      aria-hidden
    >
      <Typography variant="caption">{image.isLoading ? '' : m.noPicture}</Typography>
    </Box>
  );
}

/** The resource-group family (with its picture), then one of its active groups as picture cards. */
export function GroupChooser({
  families,
  groups,
  familyId,
  groupId,
  problem,
  onFamily,
  onGroup,
}: {
  families: FamigliaGruppoRisorse[];
  groups: GruppoRisorse[];
  familyId: number | null;
  groupId: number | null;
  problem?: string | undefined;
  onFamily(id: number | null): void;
  onGroup(group: GruppoRisorse): void;
}) {
  const ofFamily = groups.filter((g) => g.famigliaGruppoRisorsaId === familyId && g.active !== 'N');
  const family = families.find((f) => f.id === familyId);
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 2 }}>
        <TextField
          select
          label={m.family}
          value={familyId ?? ''}
          onChange={(e) => onFamily(e.target.value === '' ? null : Number(e.target.value))}
          sx={{ minWidth: 280 }}
        >
          {families.map((f) => (
            <MenuItem key={f.id} value={f.id}>
              {f.description}
            </MenuItem>
          ))}
        </TextField>
        {family?.id && (
          <Card variant="outlined" sx={{ width: 96 }}>
            <Picture owner="famigliaGruppoRisorse" id={family.id} alt={family.description} height={64} />
          </Card>
        )}
      </Box>
      <Typography variant="subtitle2" component="p" id="offer-group-label" gutterBottom>
        {m.group}
      </Typography>
      {familyId === null ? (
        <Typography color="text.secondary">{m.chooseFamilyFirst}</Typography>
      ) : ofFamily.length === 0 ? (
        <Typography color="text.secondary">{m.noGroups}</Typography>
      ) : (
        <Box
          role="radiogroup"
          aria-labelledby="offer-group-label"
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 2 }}
        >
          {ofFamily.map((g) => {
            const chosen = g.id === groupId;
            return (
              <Card
                key={g.id}
                variant="outlined"
                sx={{ borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}
              >
                <CardActionArea role="radio" aria-checked={chosen} onClick={() => onGroup(g)}>
                  <Picture owner="gruppoRisorse" id={g.id ?? 0} alt={name(g)} height={110} />
                  <CardContent sx={{ p: 1.5 }}>
                    <Typography variant="subtitle2">{g.resourceGroup}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {name(g)}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            );
          })}
        </Box>
      )}
      {problem && (
        <Typography color="error" variant="body2" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
    </Box>
  );
}
