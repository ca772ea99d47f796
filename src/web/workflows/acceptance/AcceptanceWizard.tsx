import { Alert, Box, Button, CircularProgress, Paper, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { useState } from 'react';
import { messages } from '../../i18n/messages.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PendingList } from './PendingList.tsx';
import { useAcceptanceWizard, type AcceptanceWizardState } from './useAcceptanceWizard.ts';
import { WizardStepOne } from './WizardStepOne.tsx';
import { WizardStepTwo } from './WizardStepTwo.tsx';

const m = messages.acceptance;

/** Back and forward between the pages; on the last one, the save with its progress. */
function StepButtons({ wizard, step }: { wizard: AcceptanceWizardState; step: number }) {
  const { busy, queue } = wizard;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
      {step === 2 ? (
        <Button
          size="large"
          variant="outlined"
          onClick={() => wizard.update({ step: 1 })}
          sx={{ minHeight: 56, px: 4 }}
        >
          {m.back}
        </Button>
      ) : (
        <span />
      )}
      {step === 1 ? (
        <Button size="large" variant="contained" onClick={wizard.next} sx={{ minHeight: 56, px: 5 }}>
          {m.next}
        </Button>
      ) : (
        <Button
          size="large"
          variant="contained"
          color="success"
          disabled={busy}
          onClick={() => void wizard.save()}
          sx={{ minHeight: 56, px: 5 }}
        >
          {busy ? (queue.progress ? m.photosProgress(queue.progress.done, queue.progress.total) : m.sending) : m.save}
        </Button>
      )}
    </Box>
  );
}

/**
 * The vehicle acceptance wizard (issue 17): two pages on a tablet, every change kept in IndexedDB, saved through
 * the outbox so that a check-in made without a network is sent, once, when it comes back.
 */
export function AcceptanceWizard() {
  const wizard = useAcceptanceWizard();
  const [confirmReset, setConfirmReset] = useState(false);
  const { user, saved, errors, queue } = wizard;
  if (!user || !saved) return <CircularProgress aria-label={messages.loading} sx={{ m: 4 }} />;
  const { step } = saved;
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
      {!wizard.online && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {m.offline}
        </Alert>
      )}
      {wizard.restored && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={wizard.dismissRestored}>
          {m.restored}
        </Alert>
      )}
      <PendingList
        items={queue.items}
        sending={queue.sending}
        progress={wizard.busy ? null : queue.progress}
        online={wizard.online}
        onReopen={wizard.reopen}
      />
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stepper activeStep={step - 1} sx={{ mb: 3 }}>
          {m.steps.map((label, i) => (
            <Step key={label} completed={step > i + 1}>
              <StepLabel>{label}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {Object.keys(errors).length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {m.fixErrors}
          </Alert>
        )}
        {step === 1 ? <WizardStepOne wizard={wizard} /> : <WizardStepTwo wizard={wizard} />}
        <StepButtons wizard={wizard} step={step} />
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
          wizard.reset();
        }}
      />
    </Box>
  );
}
