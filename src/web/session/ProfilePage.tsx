import { Box, Button, Paper, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client.ts';
import { messages } from '../i18n/messages.ts';
import { notify } from '../ui/notificationBus.ts';
import { useSessionUser } from './useSessionUser.ts';
import { tokenStore } from './tokenStore.ts';

const m = messages.profile;
type Violations = Record<string, string>;
const violationsOf = (error: unknown): Violations =>
  Object.fromEntries(
    ((error as { violations?: { field: string; message: string }[] } | undefined)?.violations ?? []).map((v) => [
      v.field,
      v.message,
    ]),
  );

function AccountForm({ id, initial }: { id: number; initial: { username: string; email: string } }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Violations>({});
  async function save(e: FormEvent) {
    e.preventDefault();
    const { error } = await api.PUT('/api/users/{id}', { params: { path: { id } }, body: values });
    if (error) return setErrors(violationsOf(error));
    setErrors({});
    notify.success(messages.saved);
    await queryClient.invalidateQueries({ queryKey: ['profile'] });
  }
  return (
    <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: 'grid', gap: 2 }}>
      <TextField
        label={m.username}
        value={values.username}
        required
        error={!!errors.username}
        helperText={errors.username}
        onChange={(e) => setValues({ ...values, username: e.target.value })}
      />
      <TextField
        label={m.email}
        type="email"
        value={values.email}
        required
        error={!!errors.email}
        helperText={errors.email}
        onChange={(e) => setValues({ ...values, email: e.target.value })}
      />
      <Box>
        <Button type="submit" variant="contained">
          {messages.actions.save}
        </Button>
      </Box>
    </Box>
  );
}

function PasswordForm({ id }: { id: number }) {
  const empty = { oldPassword: '', password: '', confirmPassword: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Violations>({});
  async function save(e: FormEvent) {
    e.preventDefault();
    // SPEC.md section 5, checked here first and again by the server.
    const local: Violations = {};
    if (!values.oldPassword) local.oldPassword = m.oldRequired;
    if (!values.password) local.password = m.required;
    else if (values.password !== values.confirmPassword) local.confirmPassword = m.mismatch;
    if (Object.keys(local).length > 0) return setErrors(local);
    const { data, error } = await api.PUT('/api/users/{id}/change-password', {
      params: { path: { id } },
      body: values,
    });
    if (error) return setErrors(violationsOf(error));
    // Every other session has ended; this one goes on with the tokens the change answered.
    if (data) tokenStore.set(data.token, data.refresh_token);
    setErrors({});
    setValues(empty);
    notify.success(m.done);
  }
  const field = (name: keyof typeof empty, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={!!errors[name]}
      helperText={errors[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
    />
  );
  return (
    <Box component="form" onSubmit={(e) => void save(e)} noValidate sx={{ display: 'grid', gap: 2 }}>
      {field('oldPassword', m.oldPassword, 'current-password')}
      {field('password', m.newPassword, 'new-password')}
      {field('confirmPassword', m.confirmPassword, 'new-password')}
      <Box>
        <Button type="submit" variant="contained">
          {m.changePassword}
        </Button>
      </Box>
    </Box>
  );
}

/** /profile: the user's own username and email, and the password change. */
export function ProfilePage() {
  const user = useSessionUser();
  const profile = useQuery({
    queryKey: ['profile'],
    queryFn: async () => (await api.GET('/api/user/profile/')).data?.data ?? null,
  });
  if (!user || !profile.data) return null;
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {m.title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { md: '1fr 1fr' }, maxWidth: 1000 }}>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {m.account}
          </Typography>
          <AccountForm id={user.id} initial={profile.data} />
        </Paper>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {m.password}
          </Typography>
          <PasswordForm id={user.id} />
        </Paper>
      </Box>
    </>
  );
}
