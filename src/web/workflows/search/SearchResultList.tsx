import { Box, Chip, List, ListItemButton, ListItemText, ListSubheader, Typography } from '@mui/material';
import { searchMessages as m } from '../../i18n/searchMessages.ts';
import type { SearchItem } from './searchTargets.ts';

export const optionId = (index: number) => `ricerca-risultato-${String(index)}`;

/** The lines of the box, the active one marked for the keyboard (aria-activedescendant of the input). */
export function SearchResultList({
  heading,
  items,
  active,
  onChoose,
  onHover,
}: {
  heading: string;
  items: readonly SearchItem[];
  active: number;
  onChoose: (item: SearchItem) => void;
  onHover: (index: number) => void;
}) {
  return (
    <List
      id="ricerca-risultati"
      role="listbox"
      aria-label={heading}
      dense
      subheader={<ListSubheader sx={{ lineHeight: '32px' }}>{heading}</ListSubheader>}
    >
      {items.map((item, index) => (
        <ListItemButton
          key={`${item.kind}:${String(item.id)}`}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          selected={index === active}
          onClick={() => onChoose(item)}
          onMouseMove={() => index !== active && onHover(index)}
        >
          <Chip
            label={m.kinds[item.kind]}
            size="small"
            variant="outlined"
            color={item.kind === 'schermata' ? 'default' : 'primary'}
            sx={{ mr: 1.5, minWidth: 88, flexShrink: 0 }}
          />
          <ListItemText
            primary={item.title}
            secondary={
              <Box component="span" sx={{ display: 'flex', gap: 1 }}>
                <Typography component="span" variant="body2" color="text.secondary" noWrap>
                  {item.detail}
                </Typography>
                {'similar' in item && item.similar && (
                  <Typography component="span" variant="body2" color="warning.main" noWrap>
                    {m.similar}
                  </Typography>
                )}
              </Box>
            }
            slotProps={{ primary: { noWrap: true } }}
          />
        </ListItemButton>
      ))}
    </List>
  );
}
