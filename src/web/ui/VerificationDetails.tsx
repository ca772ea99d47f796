import { Accordion, AccordionDetails, AccordionSummary, Box, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useId } from 'react';
import { VERIFICATION } from '../../domain/verification.ts';

/**
 * The evidence of a record (fingerprints, where a signature came from), collapsed under "Dati di verifica":
 * there for whoever must prove what was signed, out of the way of whoever reads the record.
 */
export function VerificationDetails({ rows }: { rows: readonly (readonly [label: string, value: string])[] }) {
  const id = useId();
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 2, '&::before': { display: 'none' } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-dati`} id={`${id}-titolo`}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {VERIFICATION.title}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-dati`}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {VERIFICATION.intro}
        </Typography>
        <Box component="dl" sx={{ m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.25 }}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 600, minWidth: 220 }}>
                {label}
              </Typography>
              <Typography
                component="dd"
                variant="body2"
                sx={{ m: 0, fontFamily: 'monospace', wordBreak: 'break-all', flex: '1 1 320px' }}
              >
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
