import {
  Box,
  Button,
  List,
  ListItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { displayFormats } from '../../../domain/displayFormats.ts';
import { offerApi, type OfferVersion } from './offerApi.ts';
import { offerMessages as m } from './offerMessages.ts';

/** The sent versions of the offer, newest first: number, when and by whom, total, what changed, its PDF. */
export function OfferVersions({ negotiationId, versions }: { negotiationId: number; versions: OfferVersion[] }) {
  const [opening, setOpening] = useState<number | null>(null);
  async function openPdf(v: OfferVersion) {
    setOpening(v.versione);
    // The tab opens on the click (a popup opened later is blocked), then shows the PDF once it has arrived.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await offerApi.pdf(negotiationId, v.versione));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
    } finally {
      setOpening(null);
    }
  }
  const sorted = [...versions].sort((a, b) => b.versione - a.versione);
  return (
    <Box component="section" aria-label={m.versions} sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {m.versions}
      </Typography>
      {sorted.length === 0 ? (
        <Typography color="text.secondary">{m.noVersions}</Typography>
      ) : (
        <Table size="small" aria-label={m.versions}>
          <TableHead>
            <TableRow>
              <TableCell>{m.version}</TableCell>
              <TableCell>{m.sentAt}</TableCell>
              <TableCell align="right">{m.total}</TableCell>
              <TableCell>{m.changes}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {sorted.map((v) => (
              <TableRow key={v.versione} data-version={v.numeroDocumento}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.numeroDocumento}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {displayFormats.dateTime(v.inviataIl)}
                  {v.inviataDa ? `, ${v.inviataDa}` : ''}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {displayFormats.money(v.prezzoTotaleScontato)}
                </TableCell>
                <TableCell>
                  {v.modifiche.length === 0 ? (
                    m.firstVersion
                  ) : (
                    <List dense disablePadding>
                      {v.modifiche.map((c) => (
                        <ListItem key={c} disableGutters sx={{ py: 0 }}>
                          {c}
                        </ListItem>
                      ))}
                    </List>
                  )}
                  {v.scontoApprovatoDa ? (
                    <Typography variant="body2" color="text.secondary">
                      {m.approvedBy(v.scontoApprovatoDa)}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">
                  <Button size="small" disabled={opening === v.versione} onClick={() => void openPdf(v)}>
                    {m.openPdf} {v.numeroDocumento}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
