import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { isAllowed, OPERATION_ACCESS } from '../../../domain/accessRules.ts';
import type { JsonObject, ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { useRecord } from '../../resources/useRecord.ts';
import { useRecordForm } from '../../resources/useRecordForm.tsx';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { LoadFailure } from '../../ui/ErrorPage.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { CompanyNameWidget } from './CompanyNameWidget.tsx';
import { LostOfferDialog, type LostChoice } from './LostOfferDialog.tsx';
import { negotiationApi } from './negotiationApi.ts';
import { negotiationMessages as m } from './negotiationMessages.ts';
import { isLostStatus, negotiationPayload, pageUiSchema } from './negotiationRules.ts';
import { OFFER_FIELDS } from '../offers/index.ts';
import { useLiveNegotiation } from './useLiveNegotiation.ts';
import { useStatuses } from './useStatusColors.ts';
import { unseenOthers, VatOthersDialog } from './VatOthersDialog.tsx';
import { CustomerMap } from '../customers/index.ts';
import { NEGOTIATION_LIST, negotiationPath } from './pages.ts';
import { HistoryPanel } from '../../resources/history/HistoryPanel.tsx';
import { SavedNegotiationPanels } from './SavedNegotiationPanels.tsx';
import { useVatNumber } from './useVatNumber.ts';

function NegotiationForm({ def, record }: { def: ResourceDefinition; record: Row | null }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const statuses = useStatuses().data ?? [];
  const id = record?.id;
  const isNew = !id;
  const [askVat, setAskVat] = useState<{ resolve(ok: boolean): void } | null>(null);
  const [lostFor, setLostFor] = useState<{ previous: unknown } | null>(null);
  // A new negotiation chosen lost: the offer's status is the lost call's to write, once the record exists.
  const [pendingLost, setPendingLost] = useState<LostChoice | null>(null);

  const refreshList = () => queryClient.invalidateQueries({ queryKey: ['list', 'trattativaCp'] });
  /** The page shows the record as stored now (the form starts again from it). */
  const showStored = async (fresh: Row) => {
    queryClient.setQueryData(['record', def.name, String(fresh.id)], fresh);
    await refreshList();
  };

  /** Saved over the other negotiations with this VAT number: they are not asked about again from this one. */
  const acknowledge = async (negotiationId: number, seen: number[]) => {
    if (seen.length === 0) return;
    await negotiationApi.acknowledgeVat(negotiationId, seen).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: ['vat-trattativa'] });
  };

  const { form, conflictAlert, formId, busy, dirty, formData, setFields } = useRecordForm({
    def,
    record,
    onSave: async (row) => {
      const asked = unseenOthers(vat.others).length > 0;
      if (asked && !(await new Promise<boolean>((resolve) => setAskVat({ resolve })))) throw new Error('cancelled');
      const seen = asked ? vat.others.map((o) => o.id) : [];
      const payload = negotiationPayload(row);
      if (!isNew) {
        const { data } = await resourceApi.update(def, Number(id), payload);
        notify.success(messages.saved);
        await acknowledge(Number(id), seen);
        await refreshList();
        return data;
      }
      const { data } = await resourceApi.create(def, payload);
      const newId = Number(data.id);
      if (pendingLost) await negotiationApi.lost(newId, pendingLost);
      notify.success(messages.saved);
      await acknowledge(newId, seen);
      await refreshList();
      void navigate(negotiationPath(newId), { replace: true });
      return data;
    },
  });
  const vat = useVatNumber(formData.partitaIva, id);
  const live = useLiveNegotiation(id, user?.id, {
    dirty,
    version: record?.version,
    reload: () => void queryClient.invalidateQueries({ queryKey: ['record', def.name, String(id)] }),
  });

  // Choosing a lost status asks why (SPEC.md section 4), once per choice.
  const [seenStatus, setSeenStatus] = useState(formData.statoTrattativaId);
  if (formData.statoTrattativaId !== seenStatus) {
    setSeenStatus(formData.statoTrattativaId);
    if (isLostStatus(statuses.find((s) => s.id === formData.statoTrattativaId))) setLostFor({ previous: seenStatus });
    else setPendingLost(null);
  }

  async function confirmLost(choice: LostChoice) {
    // The offer's status is written by the lost call only (x-written-by), never by the form's save.
    const lostFields = { motivoPersaId: choice.motivoPersaId, notePersa: choice.notePersa };
    setLostFor(null);
    if (isNew) {
      setFields(lostFields);
      setPendingLost(choice);
      return;
    }
    // What was typed is saved first (the status chosen among it), then the offer is recorded as lost.
    await resourceApi.update(def, Number(id), negotiationPayload({ ...formData, ...lostFields }));
    const lost = await negotiationApi.lost(Number(id), choice);
    notify.success(messages.success.offerStatus);
    await showStored(lost);
  }

  const name = String(formData.ragioneSociale ?? '');
  const archived = record?.archiviata === 'Y';

  return (
    <>
      {live}
      {archived && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {m.archived}
        </Alert>
      )}
      <Paper sx={{ p: 3, mb: 3 }}>
        {conflictAlert}
        {vat.inErp && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {m.vat.inErp}
          </Alert>
        )}
        {form}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
          <Button component={Link} to={NEGOTIATION_LIST}>
            {m.back}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy}>
            {messages.actions.save}
          </Button>
        </Box>
      </Paper>
      {isNew ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {m.saveFirst}
        </Typography>
      ) : (
        record && (
          <>
            <SavedNegotiationPanels def={def} record={record} dirty={dirty} onStored={showStored} />
            <HistoryPanel def={def} id={Number(id)} version={formData.version} />
          </>
        )
      )}
      <Suspense fallback={<CircularProgress aria-label={messages.loading} />}>
        <CustomerMap
          title={m.map.title}
          latitude={typeof formData.latitudeTrattativa === 'number' ? formData.latitudeTrattativa : null}
          longitude={typeof formData.longitudeTrattativa === 'number' ? formData.longitudeTrattativa : null}
          label={[name, String(formData.formattedAddress ?? formData.destinazioneCantiere ?? '')]}
          address={String(formData.formattedAddress || formData.destinazioneCantiere || formData.paeseTrattativa || '')}
          onMove={(latitudeTrattativa, longitudeTrattativa) => setFields({ latitudeTrattativa, longitudeTrattativa })}
          onFound={(formattedAddress) => setFields({ formattedAddress: formattedAddress.slice(0, 255) })}
        />
      </Suspense>
      {askVat && (
        <VatOthersDialog
          vat={String(formData.partitaIva)}
          others={vat.others}
          onAnswer={(ok) => {
            askVat.resolve(ok);
            setAskVat(null);
          }}
        />
      )}
      {lostFor && (
        <LostOfferDialog
          initial={formData}
          onCancel={() => {
            setSeenStatus(lostFor.previous);
            setFields({ statoTrattativaId: lostFor.previous });
            setLostFor(null);
          }}
          onConfirm={(choice) => void confirmLost(choice).catch(() => undefined)}
        />
      )}
    </>
  );
}

/** /trattativeCp/trattativa/{id?}: one negotiation, new without an id. */
export function NegotiationPage() {
  const { id } = useParams();
  const user = useSessionUser();
  const canSeeUsers = isAllowed(OPERATION_ACCESS.listUser ?? [], user?.roles ?? null);
  const def = useQuery({
    queryKey: ['definition', 'trattativaCp'],
    queryFn: () => resourceIndex.trattativaCp.load(),
    staleTime: Infinity,
  });
  const pageDef = useMemo<ResourceDefinition | undefined>(
    () =>
      def.data && {
        ...def.data,
        form: {
          ...def.data.form,
          uiSchema: {
            ...pageUiSchema(def.data.form.uiSchema, canSeeUsers, id ? OFFER_FIELDS : []),
            // "Ragione sociale" suggests the CRM's and the ERP's customers; a choice fills their data.
            ragioneSociale: {
              ...(def.data.form.uiSchema.ragioneSociale as JsonObject | undefined),
              'ui:widget': CompanyNameWidget as unknown as JsonObject,
            },
          },
        },
      },
    [def.data, canSeeUsers, id],
  );
  const record = useRecord(pageDef, id);
  if (record.error) return <LoadFailure error={record.error} missing={record.missing} />;
  if (!pageDef || (id && !record.data)) return <CircularProgress aria-label={messages.loading} />;
  const title = id ? String(record.data?.ragioneSociale ?? '') : m.newTitle;
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <NegotiationForm
        key={`${id ?? 'new'}-${String(record.data?.version ?? '')}`}
        def={pageDef}
        record={id ? (record.data ?? null) : null}
      />
    </>
  );
}
