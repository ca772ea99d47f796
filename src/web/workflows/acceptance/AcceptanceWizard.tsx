import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Step,
  StepLabel,
  Stepper,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  acceptanceFormFields,
  fuelOf,
  newAcceptanceDraft,
  validateAcceptance,
  validateAcceptanceStep,
  type AcceptanceDraft,
  type AcceptanceError,
  type WizardStep,
} from '../../../domain/acceptance/index.ts';
import { romeToday } from '../../../domain/calendar/index.ts';
import { DateInput } from '../../fields/DateInput.tsx';
import { NumberInput } from '../../fields/NumberInput.tsx';
import { messages } from '../../i18n/messages.ts';
import { sessionUserName, useSessionUser } from '../../session/useSessionUser.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { acceptanceStore, type QueuedAcceptance, type SavedDraft } from './acceptanceStore.ts';
import { CheckField } from './CheckField.tsx';
import { FuelGauge } from './FuelGauge.tsx';
import { outbox } from './outbox.ts';
import { SignatureField } from '../../ui/SignatureField.tsx';
import { PendingList } from './PendingList.tsx';
import { PhotoField } from './PhotoField.tsx';
import { PreviousCheckIn, usePreviousCheckIn } from './PreviousCheckIn.tsx';
import { useControlTypes, useOnline, useOperators } from './useWizardData.ts';

const m = messages.acceptance;
const CHOOSES_OPERATOR = ['ROLE_SUPER_ADMIN', 'ROLE_ADMIN', 'ROLE_SUPERVISOR_ACCETTAZIONE_MEZZI'];
const PAGE_ONE = new Set([
  'operatore',
  'dataAccettazione',
  'matricole',
  'km',
  'ore',
  'carburante',
  'danni',
  'motivoLetturaInferiore',
]);
const stepOf = (field: string): WizardStep => (PAGE_ONE.has(field) ? 1 : 2);
const SHA256 = /^[0-9a-f]{64}$/;

/** The idempotency key of one acceptance: random, and possible without WebCrypto's subtle part (plain http). */
const newKey = () =>
  [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');

const fresh = (userId: number): SavedDraft => ({
  userId,
  draft: newAcceptanceDraft(userId, romeToday()),
  step: 1,
  photos: [],
  signature: null,
  key: newKey(),
});

const isBlank = (s: SavedDraft) =>
  !s.draft.matricole && s.draft.km == null && s.draft.ore == null && !s.photos.length && !s.signature;

const errorMap = (errors: readonly { field: string; message: string }[]) =>
  Object.fromEntries(errors.map((e) => [e.field === 'controlli' ? 'controlli' : e.field, e.message]));

/**
 * The vehicle acceptance wizard (issue 17): two pages on a tablet, every change kept in IndexedDB, saved through
 * the outbox so that a check-in made without a network is sent, once, when it comes back.
 */
export function AcceptanceWizard() {
  const user = useSessionUser();
  const notify = useNotify();
  const online = useOnline();
  const [saved, setSaved] = useState<SavedDraft | null>(null);
  const [restored, setRestored] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const types = useControlTypes().data ?? [];
  const choosesOperator = !!user?.roles.some((r) => CHOOSES_OPERATOR.includes(r));
  const operators = useOperators(choosesOperator).data ?? [];
  const previous = usePreviousCheckIn(saved?.draft.matricole ?? '');
  const queue = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const userId = user?.id ?? 0;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    void acceptanceStore.draft(userId).then((d) => {
      setSaved(d ?? fresh(userId));
      setRestored(!!d && !isBlank(d));
    });
    void outbox.start(userId, (n) => {
      notify.success(n === 1 ? m.saved : m.savedMany(n));
      void queryClient.invalidateQueries({ queryKey: ['accettazione-ultima'] });
    });
  }, [userId, notify, queryClient]);

  // Every change is on the tablet at once: a reload or a crash resumes here.
  useEffect(() => {
    if (saved) void acceptanceStore.saveDraft(saved);
  }, [saved]);

  if (!user || !saved) return <CircularProgress aria-label={messages.loading} sx={{ m: 4 }} />;
  const { draft, step } = saved;
  const prev = previous.data
    ? { km: previous.data.km ?? null, ore: previous.data.ore ?? null, dataAccettazione: previous.data.dataAccettazione }
    : null;
  const lower =
    !!prev &&
    ((typeof draft.km === 'number' && prev.km != null && draft.km < prev.km) ||
      (typeof draft.ore === 'number' && prev.ore != null && draft.ore < prev.ore));

  const update = (patch: Partial<SavedDraft>) => setSaved((s) => s && { ...s, ...patch });
  const clearErrors = (fields: readonly string[]) =>
    setErrors((e) => {
      const next = { ...e };
      for (const k of fields) delete next[k];
      return next;
    });
  const setField = (patch: Partial<AcceptanceDraft>) => {
    setSaved((s) => s && { ...s, draft: { ...s.draft, ...patch } });
    // One reading answers the message of both.
    const readings = 'km' in patch || 'ore' in patch ? ['km', 'ore'] : [];
    clearErrors([...Object.keys(patch), ...readings]);
  };
  const showErrors = (found: readonly (AcceptanceError | { field: string; message: string })[]) => {
    setErrors(errorMap(found));
    const first = found[0];
    if (first) update({ step: 'step' in first ? first.step : stepOf(first.field) });
  };

  const extras = { signed: !!saved.signature };
  const next = () => {
    const found = validateAcceptanceStep(1, draft, types, prev, extras);
    if (found.length) return showErrors(found);
    setErrors({});
    update({ step: 2 });
    window.scrollTo({ top: 0 });
  };

  const save = async () => {
    const found = validateAcceptance(draft, types, prev, extras);
    if (found.length) return showErrors(found);
    setBusy(true);
    const hashes = saved.photos.every((h) => SHA256.test(h)) ? saved.photos : [];
    const item: QueuedAcceptance = {
      key: saved.key,
      userId: user.id,
      fields: [
        ...acceptanceFormFields(draft, types),
        ['chiaveIdempotenza', saved.key],
        ...hashes.map((h): [string, string] => ['fotoSha256[]', h]),
      ],
      photos: saved.photos,
      signature: saved.signature,
      origin: saved,
      summary: {
        matricole: draft.matricole ?? '',
        dataAccettazione: draft.dataAccettazione,
        photos: saved.photos.length,
      },
      queuedAt: new Date().toISOString(),
      attempts: 0,
    };
    try {
      const result = await outbox.submit(item);
      if (result.status === 'refused') {
        await acceptanceStore.backToDraft(item.key, saved);
        await outbox.reload();
        notify.error(result.violations.length ? m.fixErrors : result.message);
        showErrors(result.violations);
        return;
      }
      if (result.status === 'sent') {
        notify.success(m.saved);
        // The machine's last check-in is now this one.
        void queryClient.invalidateQueries({ queryKey: ['accettazione-ultima'] });
      } else notify.warning(m.queued);
      setErrors({});
      setRestored(false);
      setSaved(fresh(user.id));
      window.scrollTo({ top: 0 });
    } finally {
      setBusy(false);
    }
  };

  const reopen = async (q: QueuedAcceptance) => {
    await acceptanceStore.backToDraft(q.key, q.origin);
    await outbox.reload();
    setSaved(q.origin);
    setErrors({});
  };

  const e = (field: string) => errors[field];
  const big = { '& .MuiInputBase-root': { minHeight: 56 } };

  const pageOne = (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        {choosesOperator ? (
          <TextField
            select
            label={m.operator}
            value={draft.operatore ?? ''}
            onChange={(ev) => setField({ operatore: Number(ev.target.value) || null })}
            error={!!e('operatore')}
            helperText={e('operatore')}
            required
            sx={big}
          >
            {[{ id: user.id, nome: sessionUserName(user) }, ...operators.filter((o) => o.id !== user.id)].map((o) => (
              <MenuItem key={o.id} value={o.id} sx={{ minHeight: 48 }}>
                {o.nome}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            label={m.operator}
            value={sessionUserName(user)}
            slotProps={{ input: { readOnly: true } }}
            error={!!e('operatore')}
            helperText={e('operatore')}
            sx={big}
          />
        )}
        <Box sx={big}>
          <DateInput
            kind="date"
            id="dataAccettazione"
            label={m.date}
            value={draft.dataAccettazione}
            onChange={(v) => setField({ dataAccettazione: v ?? '' })}
            required
            error={!!e('dataAccettazione')}
          />
          {e('dataAccettazione') && (
            <Typography color="error" variant="caption">
              {e('dataAccettazione')}
            </Typography>
          )}
        </Box>
        <TextField
          id="matricole"
          label={m.serial}
          value={draft.matricole ?? ''}
          onChange={(ev) => setField({ matricole: ev.target.value })}
          helperText={e('matricole') ?? m.serialHelp}
          error={!!e('matricole')}
          required
          slotProps={{ htmlInput: { autoCapitalize: 'characters', autoComplete: 'off', maxLength: 1000 } }}
          sx={big}
        />
        <PreviousCheckIn previous={previous.data} />
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, ...big }}>
          <Box>
            <NumberInput
              id="km"
              label={m.km}
              integer
              value={draft.km ?? undefined}
              onChange={(v) => setField({ km: (v ?? null) as number | null })}
              error={!!e('km')}
            />
            {e('km') && (
              <Typography color="error" variant="caption" role="alert">
                {e('km')}
              </Typography>
            )}
          </Box>
          <Box>
            <NumberInput
              id="ore"
              label={m.hours}
              integer
              value={draft.ore ?? undefined}
              onChange={(v) => setField({ ore: (v ?? null) as number | null })}
              error={!!e('ore')}
            />
            {e('ore') && (
              <Typography color="error" variant="caption" role="alert">
                {e('ore')}
              </Typography>
            )}
          </Box>
        </Box>
        {(lower || !!draft.motivoLetturaInferiore) && (
          <TextField
            id="motivoLetturaInferiore"
            label={m.lowerReason}
            value={draft.motivoLetturaInferiore ?? ''}
            // A reason answers the lower readings: their messages go with it.
            onChange={(ev) => setField({ motivoLetturaInferiore: ev.target.value, km: draft.km, ore: draft.ore })}
            helperText={m.lowerReasonHelp}
            required
            color="warning"
            focused={lower && !draft.motivoLetturaInferiore}
            sx={big}
          />
        )}
        <FuelGauge notches={draft.tacche} onChange={(tacche) => setField({ tacche, carburante: fuelOf(tacche) })} />
        {e('carburante') && <Typography color="error">{e('carburante')}</Typography>}
        <Box>
          <Typography component="p" id="danni-label" color="text.secondary" sx={{ mb: 0.5 }}>
            {m.damage}
          </Typography>
          <ToggleButtonGroup
            exclusive
            aria-labelledby="danni-label"
            value={draft.danni ? 'si' : 'no'}
            onChange={(_ev, v: string | null) => v && setField({ danni: v === 'si' })}
            fullWidth
          >
            <ToggleButton value="no" sx={{ minHeight: 56, textTransform: 'none', fontSize: '1rem' }}>
              {m.no}
            </ToggleButton>
            <ToggleButton value="si" color="error" sx={{ minHeight: 56, textTransform: 'none', fontSize: '1rem' }}>
              {m.yes}
            </ToggleButton>
          </ToggleButtonGroup>
        </Box>
      </Box>
    </Box>
  );

  const pageTwo = (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {m.checks}
        </Typography>
        {types.length === 0 && <Typography color="text.secondary">{m.noChecks}</Typography>}
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          {types.map((t) => (
            <CheckField
              key={t.id}
              type={t}
              value={t.id === undefined ? null : draft.controlli[t.id]}
              error={e(`controlli.${t.id}`)}
              onChange={(v) => t.id !== undefined && setField({ controlli: { ...draft.controlli, [t.id]: v } })}
            />
          ))}
        </Box>
      </Box>
      <PhotoField photos={saved.photos} onChange={(photos) => update({ photos })} error={e('foto')} />
      <SignatureField
        value={saved.signature}
        onChange={(signature) => {
          update({ signature });
          if (signature) clearErrors(['firma']);
        }}
        error={e('firma')}
        required
        texts={{ label: m.signature, help: m.signatureHelp, clear: m.clearSignature }}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        <TextField
          id="noteCliente"
          label={m.customerNotes}
          multiline
          minRows={3}
          value={draft.noteCliente ?? ''}
          onChange={(ev) => setField({ noteCliente: ev.target.value })}
          error={!!e('noteCliente')}
          helperText={e('noteCliente')}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
        <TextField
          id="noteInterne"
          label={m.internalNotes}
          multiline
          minRows={3}
          value={draft.noteInterne ?? ''}
          onChange={(ev) => setField({ noteInterne: ev.target.value })}
          error={!!e('noteInterne')}
          helperText={e('noteInterne')}
          slotProps={{ htmlInput: { maxLength: 4000 } }}
        />
      </Box>
    </Box>
  );

  const hasErrors = Object.keys(errors).length > 0;
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', p: { xs: 1, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}>
        <Typography variant="h5" component="h1">
          {m.title}
        </Typography>
        <Button size="large" color="inherit" onClick={() => setConfirmReset(true)} sx={{ minHeight: 48 }}>
          {m.reset}
        </Button>
      </Box>
      {!online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.offline}
        </Alert>
      )}
      {restored && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setRestored(false)}>
          {m.restored}
        </Alert>
      )}
      <PendingList
        items={queue.items}
        sending={queue.sending}
        progress={busy ? null : queue.progress}
        online={online}
        onReopen={reopen}
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={step - 1} sx={{ mb: 3 }}>
          {m.steps.map((label, i) => (
            <Step key={label} completed={step > i + 1}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {hasErrors && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {m.fixErrors}
          </Alert>
        )}
        {step === 1 ? pageOne : pageTwo}
        <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
          {step === 2 ? (
            <Button size="large" variant="outlined" onClick={() => update({ step: 1 })} sx={{ minHeight: 56, px: 4 }}>
              {m.back}
            </Button>
          ) : (
            <span />
          )}
          {step === 1 ? (
            <Button size="large" variant="contained" onClick={next} sx={{ minHeight: 56, px: 5 }}>
              {m.next}
            </Button>
          ) : (
            <Button
              size="large"
              variant="contained"
              color="success"
              disabled={busy}
              onClick={() => void save()}
              sx={{ minHeight: 56, px: 5 }}
            >
              {busy
                ? queue.progress
                  ? m.photosProgress(queue.progress.done, queue.progress.total)
                  : m.sending
                : m.save}
            </Button>
          )}
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirmReset}
        title={m.resetTitle}
        text={m.resetText}
        confirmLabel={m.reset}
        danger
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          setErrors({});
          setRestored(false);
          const blank = fresh(user.id);
          setSaved(blank);
          // The photos go once the stored draft no longer names them.
          void acceptanceStore.saveDraft(blank).then(() => acceptanceStore.dropUnreferenced(saved.photos));
        }}
      />
    </Box>
  );
}
