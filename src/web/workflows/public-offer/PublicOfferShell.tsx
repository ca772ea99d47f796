import { Box, Container, CssBaseline, Paper, ThemeProvider, Typography, createTheme } from '@mui/material';
import { itIT } from '@mui/material/locale';
import type { ReactNode } from 'react';

const theme = createTheme(
  {
    palette: { primary: { main: '#1565c0' } },
    components: { MuiButton: { styleOverrides: { root: { textTransform: 'none' } } } },
  },
  itIT,
);

/** The plain layout of the public page: the company's header and the content, no top bar, no drawer. */
export function Shell({
  company,
  email,
  branch,
  children,
}: {
  company?: string;
  email?: string | null;
  branch?: string | null;
  children: ReactNode;
}) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: 2, py: 1.5 }}>
        <Container maxWidth="sm" disableGutters>
          <Typography sx={{ fontWeight: 700, fontSize: '1.1rem' }}>{company ?? '\u00a0'}</Typography>
          {branch && <Typography variant="body2">{branch}</Typography>}
          {email && (
            <Typography variant="body2">
              <Box component="a" href={`mailto:${email}`} sx={{ color: 'inherit' }}>
                {email}
              </Box>
            </Typography>
          )}
        </Container>
      </Box>
      <Container component="main" maxWidth="sm" sx={{ py: 2, px: 1.5 }}>
        {children}
      </Container>
    </ThemeProvider>
  );
}

/** A titled part of the page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `sezione-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** One fact of the offer: its label and value, on one line where they fit. */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, py: 0.5 }}>
      <Typography component="dt" sx={{ fontWeight: 600, minWidth: 110 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {value}
      </Typography>
    </Box>
  );
}
