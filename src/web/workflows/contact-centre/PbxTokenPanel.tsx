import { Stack, TextField, Typography } from '@mui/material';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import type { RowAction } from '../../resources/resourceExtensions.ts';
import { sidePanel } from '../../ui/sidePanelEvents.ts';

const m = messages.contactCentre;

/** What the switchboard's technician needs: the token, and the call to configure with it. */
function PbxTokenBody({ token, expiresAt }: { token: string; expiresAt: string }) {
  const example = `curl -X POST ${window.location.origin}/api/pbx/calls \\\n  -H "Authorization: Bearer <token>" \\\n  -H "Content-Type: application/json" \\\n  -d '{"source":"asterisk","calls":[ ...record CDR... ]}'`;
  return (
    <Stack spacing={2}>
      <Typography>{m.pbxTokenIntro(new Date(expiresAt).toLocaleDateString('it-IT'))}</Typography>
      <TextField label={m.pbxToken} value={token} multiline minRows={4} slotProps={{ htmlInput: { readOnly: true } }} />
      <TextField
        label={m.pbxExample}
        value={example}
        multiline
        minRows={4}
        slotProps={{ htmlInput: { readOnly: true } }}
      />
    </Stack>
  );
}

/** An admin gives the integration user (ROLE_API) the token its PBX posts calls with. */
export const createPbxToken: RowAction = {
  icon: 'phone',
  label: (row: Row) => m.pbxTokenFor(String(row.username ?? '')),
  applies: (row) => row.active === 'true' && Array.isArray(row.roles) && row.roles.includes('ROLE_API'),
  async run(call, row) {
    const { data } = await resourceApi.action<{ data: { token: string; expiresAt: string } }>(call, Number(row.id));
    sidePanel.open({
      title: m.pbxTokenTitle,
      subtitle: String(row.username ?? ''),
      body: <PbxTokenBody token={data.token} expiresAt={data.expiresAt} />,
    });
  },
};
