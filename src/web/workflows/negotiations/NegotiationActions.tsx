import { Box, Button, Chip, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import negotiationSchema from '../../../../schemas/trattativa-cp.json';
import { isAllowed, OPERATION_ACCESS } from '../../../domain/accessRules.ts';
import type { ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { negotiationApi, sendBody, type SendKind } from './negotiationApi.ts';
import { negotiationMessages } from './negotiationMessages.ts';
import { OfferSendDialog } from './OfferSendDialog.tsx';
import { parseRecipients, sendOutcome, type SendAnswer } from './negotiationRules.ts';
import { BrochureSend } from './BrochureSend.tsx';
import { SendDialog } from './SendDialog.tsx';
import { MarketingDialog } from './MarketingDialog.tsx';
import { ReassignDialog } from './ReassignDialog.tsx';

const m = negotiationMessages;
type Open = SendKind | 'marketing' | 'archive' | 'reassign' | null;

/** Flags shown as they are stored, under their schema titles: each send's own, true only after it succeeded. */
const FLAGS = [
  'anagraficaInviata',
  'brochureInviata',
  'contattoMagoInviato',
  'linkAccreditamentoInviato',
  'offertaInviata',
] as const;

// The flags are the server's (read-only, not in the form): their titles come from the entity schema itself.
const titleOf = (field: string): string =>
  (negotiationSchema.properties as Record<string, { title?: string }>)[field]?.title ?? field;

/**
 * What is done with a saved negotiation: the sends (each after its confirmation), the technical sheet's notice,
 * archive or restore, reassign. Only on what is stored: with unsaved changes the buttons wait for a save.
 */
export function NegotiationActions({
  def,
  record,
  dirty,
  onStored,
}: {
  def: ResourceDefinition;
  record: Row;
  dirty: boolean;
  onStored(fresh: Row): Promise<void>;
}) {
  const notify = useNotify();
  const user = useSessionUser();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState(false);
  const id = Number(record.id);
  const name = String(record.ragioneSociale ?? '');
  const email = String(record.email ?? '');
  const archived = record.archiviata === 'Y';
  const canReassign = isAllowed(OPERATION_ACCESS.reassignTrattativaCp ?? [], user?.roles ?? null);
  const close = () => setOpen(null);

  /** After a call that changed the negotiation: the page shows it as stored now (its flags too). */
  async function reload() {
    const fresh = await resourceApi.current(def, id);
    if (fresh) await onStored(fresh);
  }
  /** The server's words after a send: a warning, not a success, when an e-mail was saved but not sent. */
  function tell(answers: readonly SendAnswer[]) {
    const { severity, message } = sendOutcome(answers);
    if (severity === 'warning') notify.warning(message);
    else notify.success(message);
  }
  async function send(kind: SendKind, recipients: string[], extra?: { invioBrochureId?: number }) {
    tell([await negotiationApi.send(kind, sendBody(record, recipients, extra))]);
    await reload();
  }
  async function archive() {
    setBusy(true);
    try {
      const data = await negotiationApi.archive(id, !archived);
      notify.success(messages.success.done);
      close();
      await onStored(data);
    } catch {
      // The server's message is shown.
    } finally {
      setBusy(false);
    }
  }

  const button = (what: Open, label: string) => (
    <Button variant="outlined" disabled={dirty} onClick={() => setOpen(what)}>
      {label}
    </Button>
  );

  return (
    <Paper component="section" aria-label={m.sends.title} sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {m.sends.title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        {FLAGS.map((flag) => (
          <Chip
            key={flag}
            size="small"
            color={record[flag] === true ? 'success' : 'default'}
            variant={record[flag] === true ? 'filled' : 'outlined'}
            label={`${titleOf(flag)}: ${record[flag] === true ? messages.yes : messages.no}`}
          />
        ))}
      </Box>
      {dirty && (
        <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
          {m.saveFirst}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {button('anagrafica', m.sends.anagrafica.action)}
        {button('brochure', m.sends.brochure.action)}
        {button('marketing', m.sends.marketing.action)}
        {button('mago', m.sends.mago.action)}
        {button('link', m.sends.link.action)}
        {button('offer', m.sends.offer.action)}
        <Button variant="outlined" onClick={() => notify.warning(messages.labels.technicalSheetWip)}>
          {m.sends.sheet.action}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        {canReassign && button('reassign', m.reassign.action)}
        {button('archive', archived ? m.archive.restore : m.archive.action)}
      </Box>

      {open === 'anagrafica' && (
        <SendDialog
          title={m.sends.anagrafica.title}
          text={m.sends.anagrafica.text(email || name)}
          defaultRecipients={email}
          onSend={(to) => send('anagrafica', to)}
          onClose={close}
        />
      )}
      {open === 'brochure' && (
        <BrochureSend
          record={record}
          onSend={(to, b) => send('brochure', to, { invioBrochureId: Number(b.id) })}
          onClose={close}
        />
      )}
      {open === 'marketing' && (
        <MarketingDialog
          defaultRecipients={email}
          onSend={async (to, oggetto, testo, files) => {
            const answers: SendAnswer[] = [];
            for (const address of to)
              answers.push(await negotiationApi.sendMarketing(id, address, oggetto, testo, files));
            tell(answers);
            await reload();
          }}
          onClose={close}
        />
      )}
      {open === 'mago' && (
        <SendDialog
          title={m.sends.mago.title}
          text={m.sends.mago.text(name)}
          defaultRecipients={email}
          onSend={(to) => send('mago', to)}
          onClose={close}
        />
      )}
      {open === 'link' && (
        <SendDialog
          title={m.sends.link.title}
          text={m.sends.link.text(email || name)}
          defaultRecipients={email}
          onSend={(to) => send('link', to)}
          onClose={close}
        />
      )}
      {open === 'offer' && (
        <OfferSendDialog candidates={parseRecipients(email)} onSend={(to) => send('offer', to)} onClose={close} />
      )}
      {open === 'reassign' && (
        <ReassignDialog
          name={name}
          currentUserId={typeof record.operatoreId === 'number' ? record.operatoreId : null}
          onReassign={async (userId) => {
            await negotiationApi.reassign(id, userId);
            notify.success(messages.success.done);
            close();
            await reload();
          }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        open={open === 'archive'}
        title={archived ? m.archive.restoreTitle : m.archive.title}
        text={archived ? m.archive.restoreText(name) : m.archive.text(name)}
        confirmLabel={archived ? m.archive.restore : m.archive.action}
        busy={busy}
        onCancel={close}
        onConfirm={() => void archive()}
      />
    </Paper>
  );
}
