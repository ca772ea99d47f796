import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { ApiError } from '../api/apiError.ts';
import { messages } from '../i18n/messages.ts';

interface Props {
  status?: number;
  message?: string;
  /** A sentence under the message: what exactly was not found. */
  detail?: string;
}

/** SPEC.md section 2: the status (default 500), the message (default "Errore Generico"), a link home. */
export function ErrorPage({ status = 500, message = messages.genericError, detail }: Props) {
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }}>
      <Typography variant="h2" component="p" color="text.secondary">
        {status}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mb: detail ? 1 : 3 }}>
        {message}
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {detail}
        </Typography>
      )}
      <Button component={Link} to="/" variant="contained">
        {messages.backHome}
      </Button>
    </Box>
  );
}

/**
 * What a page shows when the record it opens could not be loaded: a record that does not exist is
 * "Pagina non trovata" (404) with the sentence saying which; any other failure its status and message.
 */
export function LoadFailure({ error, missing }: { error: unknown; missing: string }) {
  if (error instanceof ApiError && error.status === 404)
    return <ErrorPage status={404} message={messages.notFound} detail={missing} />;
  if (error instanceof ApiError) return <ErrorPage status={error.status} message={error.message} />;
  return <ErrorPage message={messages.networkError} />;
}
