import { Typography } from '@mui/material';
import { useSessionUser } from '../session/useSessionUser.ts';
import { messages } from '../i18n/messages.ts';

export function HomePage() {
  const user = useSessionUser();
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {messages.homeWelcome(`${user?.name ?? ''} ${user?.surname ?? ''}`.trim())}
      </Typography>
      <Typography color="text.secondary">{messages.homeHint}</Typography>
    </>
  );
}
