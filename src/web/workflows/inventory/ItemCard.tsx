import { Box, Button, Card, CardContent, Chip, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { InventarioMezziItem, InventarioMezziItemStato } from '../../../../generated/entities.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.inventory;

interface Props {
  item: InventarioMezziItem & { id: number };
  statuses: (InventarioMezziItemStato & { id: number })[];
  readOnly: boolean;
  highlighted: boolean;
  busy: boolean;
  onStatus(statusId: number): void;
  onNote(): void;
  onRemove(): void;
  /** "Sposta in altra filiale", offered to a supervisor on a machine of the ERP's list still here. */
  onMove?: () => void;
}

/** One machine of the count: a tap on a status sets it, a tap on the chosen one clears it. */
export function ItemCard({ item, statuses, readOnly, highlighted, busy, onStatus, onNote, onRemove, onMove }: Props) {
  const label = `${item.resourceMago}${item.descrizione ? ` · ${item.descrizione}` : ''}`;
  // A machine moved to another branch is counted there, no longer here.
  const gone = !!item.trasferitoA;
  return (
    <Card
      component="article"
      aria-label={item.resourceMago}
      variant="outlined"
      sx={{ borderColor: highlighted ? 'primary.main' : undefined, borderWidth: highlighted ? 2 : 1 }}
    >
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
            {item.resourceMago}
          </Typography>
          {item.manuale === 'Y' && <Chip size="small" color="warning" label={m.manual} />}
          {item.trasferitoA && <Chip size="small" color="info" label={m.movedTo(item.trasferitoA)} />}
          {item.trasferitoDa && <Chip size="small" color="success" label={m.movedFrom(item.trasferitoDa)} />}
          {/* On a phone's width: on two lines at most, the whole on a long press (its title). */}
          <Typography
            variant="body2"
            color="text.secondary"
            title={item.descrizione ?? undefined}
            sx={{
              flex: '1 1 8em',
              minWidth: 0,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {item.descrizione}
          </Typography>
        </Box>
        {gone ? null : readOnly ? (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {m.status}: <strong>{item.status ?? m.noStatus}</strong>
          </Typography>
        ) : (
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={item.statusId ?? null}
            aria-label={`${m.status} ${label}`}
            disabled={busy}
            onChange={(_e, value: number | null) => onStatus(value ?? -1)}
            sx={{ mt: 1, display: 'flex', '& .MuiToggleButton-root': { flex: 1, py: 1, textTransform: 'none' } }}
          >
            {statuses.map((s) => (
              <ToggleButton key={s.id} value={s.id}>
                {s.description}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        {item.contatoDa && item.contatoIl && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {m.counted(item.contatoDa, displayFormats.dateTime(item.contatoIl))}
            {item.zona ? ` · ${m.zone} ${item.zona}` : ''}
          </Typography>
        )}
        {item.spostatoDa && item.spostatoIl && (
          <Typography variant="caption" color="text.secondary" component="p">
            {m.movedBy(item.spostatoDa, displayFormats.dateTime(item.spostatoIl))}
          </Typography>
        )}
        {item.note && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {m.note}: {item.note}
          </Typography>
        )}
        {!readOnly && (
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button size="small" onClick={onNote}>
              {m.editNote}
            </Button>
            {item.statusId !== null && item.statusId !== undefined && !gone && (
              <Button size="small" onClick={() => onStatus(-1)} disabled={busy}>
                {m.clear}
              </Button>
            )}
            {item.manuale === 'Y' && (
              <Button size="small" color="error" onClick={onRemove} disabled={busy}>
                {m.remove}
              </Button>
            )}
            {onMove && !gone && item.manuale !== 'Y' && (
              <Button size="small" onClick={onMove} disabled={busy}>
                {m.move}
              </Button>
            )}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
