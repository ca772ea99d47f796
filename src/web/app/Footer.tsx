import { Box, Typography } from '@mui/material';
import { appInfo } from '../../domain/appInfo.ts';
import { messages } from '../i18n/messages.ts';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{
        mt: 4,
        py: 1.5,
        px: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        color: 'text.secondary',
      }}
    >
      <Box component="span" sx={{ bgcolor: '#fdd835', color: '#000', px: 1, borderRadius: 1, fontSize: 12 }}>
        {messages.stagingBanner}
      </Box>
      <Typography variant="caption">
        © {new Date().getFullYear()} {appInfo.company}
      </Typography>
      <Typography variant="caption">{`Versione ${appInfo.version} del ${appInfo.releaseDate}`}</Typography>
    </Box>
  );
}
