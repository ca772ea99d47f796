import { Box, MenuItem, TextField } from '@mui/material';
import { type OfferCatalogState, Section, type SectionProps } from './builderParts.tsx';
import { GroupChooser } from './GroupChooser.tsx';
import { offerMessages as m } from './offerMessages.ts';

/** The branch that rents, and the family and group of machines. */
export function RentalSection({ draft, set, errors, offer }: SectionProps & { offer: OfferCatalogState }) {
  return (
    <Section title={m.sections.rental}>
      <Box sx={{ mb: 2 }}>
        <TextField
          select
          label={m.branch}
          value={draft.filialeNoleggioId ?? ''}
          onChange={(e) => set({ filialeNoleggioId: e.target.value === '' ? null : Number(e.target.value) })}
          sx={{ minWidth: 280 }}
          error={!!errors.filialeNoleggioId}
          helperText={errors.filialeNoleggioId}
        >
          {offer.branches.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.name}
              {b.address ? ` — ${b.address}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <GroupChooser
        families={offer.families}
        groups={offer.groups}
        familyId={draft.famigliaGruppoRisorsaId}
        groupId={draft.gruppoRisorsaId}
        problem={errors.listiniOfferta ?? errors.gruppoRisorsaId}
        onFamily={(id) =>
          set({
            famigliaGruppoRisorsaId: id,
            ...(id === draft.famigliaGruppoRisorsaId ? {} : { gruppoRisorsaId: null }),
          })
        }
        onGroup={(g) => set({ gruppoRisorsaId: g.id ?? null })}
      />
    </Section>
  );
}
