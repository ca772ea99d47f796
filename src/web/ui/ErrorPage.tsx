import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { messages } from '../i18n/messages.ts';

export function ErrorPage({ status = 500, message = messages.genericError }: { status?: number; message?: string }) {
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
      <Typography variant="h2" component="p" color="text.secondary">
        {status}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {messages.backHome}
      </Button>
    </Box>
  );
}
