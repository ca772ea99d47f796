import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { components } from '../../../../generated/api.ts';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { messages } from '../../i18n/messages.ts';

const m = messages.inventory;
type Machine = components['schemas']['MezzoChiusura'];
type Lists = components['schemas']['ChiusuraInventario'];

const ORDER = ['found', 'missing', 'onRent', 'otherBranch', 'unknown', 'transferred'] as const;
const COLOUR = {
  found: 'success',
  missing: 'error',
  onRent: 'info',
  otherBranch: 'warning',
  unknown: 'warning',
  transferred: 'info',
} as const;

function secondary(list: (typeof ORDER)[number], machine: Machine): string {
  const parts = [machine.description];
  if (machine.contractNumber && machine.customer) parts.push(m.contract(machine.contractNumber, machine.customer));
  if (list === 'otherBranch' && machine.branchCode) parts.push(m.ofBranch(machine.branchCode));
  if (machine.returnedFromRent) parts.push(m.returnedFromRent);
  if (machine.fromBranch) parts.push(m.movedFrom(machine.fromBranch));
  if (machine.toBranch) parts.push(m.movedTo(machine.toBranch));
  if (machine.movedBy && machine.movedAt)
    parts.push(m.movedBy(machine.movedBy, displayFormats.dateTime(machine.movedAt)));
  if (machine.countedBy && machine.countedAt)
    parts.push(m.counted(machine.countedBy, displayFormats.dateTime(machine.countedAt)));
  return parts.filter(Boolean).join(' · ');
}

/** The supervisor's view of the count, reconciled with the ERP: one list per outcome, each with its size. */
export function ClosingLists({ lists }: { lists: Lists }) {
  return (
    <Box component="section" aria-label={m.closing} sx={{ mt: 3 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {m.closing}
      </Typography>
      {ORDER.map((key) => (
        <Accordion
          key={key}
          disableGutters
          defaultExpanded={key !== 'found' && lists[key].length > 0 && lists[key].length <= 20}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>
            <Typography sx={{ flex: 1 }}>{m.closingLists[key]}</Typography>
            <Chip size="small" color={COLOUR[key]} label={lists[key].length} sx={{ mr: 1 }} />
          </AccordionSummary>
          <AccordionDetails sx={{ p: 0, maxHeight: 360, overflow: 'auto' }}>
            <List dense>
              {lists[key].map((machine) => (
                <ListItem key={machine.code} divider>
                  <ListItemText
                    primary={machine.code}
                    secondary={secondary(key, machine)}
                    slotProps={{ primary: { sx: { fontFamily: 'monospace' } } }}
                  />
                </ListItem>
              ))}
            </List>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
