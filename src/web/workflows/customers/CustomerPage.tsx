import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import FolderIcon from '@mui/icons-material/Folder';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import { isPartitaIva } from '../../../domain/partitaIva.ts';
import type { ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { unwrap } from '../../api/apiError.ts';
import { api } from '../../api/client.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { RelatedList } from '../../resources/RelatedList.tsx';
import { HistoryPanel } from '../../resources/history/HistoryPanel.tsx';
import { useRecordForm } from '../../resources/useRecordForm.tsx';
import { useNotify } from '../../ui/notifications.tsx';
import { LoadFailure } from '../../ui/ErrorPage.tsx';
import { useRecord } from '../../resources/useRecord.ts';
import { DocumentsDialog } from './DocumentsDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { lazy, Suspense, useState } from 'react';
import { CUSTOMER_LIST, customerPath } from './pages.ts';

// Leaflet is heavy: it loads with the customer page's map, not with the app.
const CustomerMap = lazy(() => import('./CustomerMap.tsx'));

const m = messages.customer;

/** A new customer's VAT number, checked while typed: already a customer (blocks saving), or known to the ERP. */
function useVatCheck(vat: unknown, enabled: boolean) {
  const valid = typeof vat === 'string' && isPartitaIva(vat);
  return useQuery({
    queryKey: ['vat', vat],
    enabled: enabled && valid,
    queryFn: async () =>
      (await unwrap(api.GET('/api/customers/vat-number/{vat}', { params: { path: { vat: String(vat) } } }))).data,
  });
}

function CustomerForm({
  def,
  record,
  defs,
}: {
  def: ResourceDefinition;
  record: Row | null;
  defs: { contact: ResourceDefinition; detail: ResourceDefinition };
}) {
  const notify = useNotify();
  const navigate = useNavigate();
  const isNew = !record?.id;
  const [vatWarning, setVatWarning] = useState<string | null>(null);
  const { form, conflictAlert, formId, busy, formData, setFields } = useRecordForm({
    def,
    record,
    ...(vatWarning ? { fieldErrors: { vatNumber: vatWarning } } : {}),
    onSave: async (row) => {
      const { data } = isNew
        ? await resourceApi.create(def, row)
        : await resourceApi.update(def, Number(record?.id), row);
      notify.success(messages.saved);
      if (isNew) void navigate(customerPath(String(data.id)), { replace: true });
      return data;
    },
  });
  const vat = useVatCheck(formData.vatNumber, isNew);
  const taken = vat.data?.exists === true;
  const warning = taken ? m.vatTaken(String(formData.vatNumber), vat.data?.agentName ?? m.noAgent) : null;
  // The warning also marks the field itself.
  if (warning !== vatWarning) setVatWarning(warning);
  const customerId = Number(record?.id);
  const [documents, setDocuments] = useState<{ entity: 'customer' | 'contact'; entityId: number; what: string } | null>(
    null,
  );
  const companyName = String(record?.companyName ?? '');

  return (
    <>
      <Paper sx={{ p: 3, mb: 3 }}>
        {conflictAlert}
        {warning && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {warning}
          </Alert>
        )}
        {!taken && vat.data?.inErp && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {m.vatInErp}
          </Alert>
        )}
        {form}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 2, mt: 2 }}>
          {!isNew && (
            <Button
              startIcon={<FolderIcon />}
              onClick={() => setDocuments({ entity: 'customer', entityId: customerId, what: companyName })}
            >
              {messages.documents.open(companyName)}
            </Button>
          )}
          <Button component={Link} to={CUSTOMER_LIST}>
            {m.back}
          </Button>
          <Button type="submit" form={formId} variant="contained" disabled={busy || taken}>
            {messages.actions.save}
          </Button>
        </Box>
      </Paper>
      <Suspense fallback={<CircularProgress aria-label={messages.loading} />}>
        <CustomerMap
          latitude={typeof formData.latitude === 'number' ? formData.latitude : null}
          longitude={typeof formData.longitude === 'number' ? formData.longitude : null}
          label={[String(formData.companyName ?? ''), String(formData.address ?? ''), String(formData.city ?? '')]}
          address={[formData.address, formData.postcode, formData.city, formData.province].filter(Boolean).join(', ')}
          onMove={(latitude, longitude) => setFields({ latitude, longitude })}
        />
      </Suspense>
      {isNew ? (
        <Typography color="text.secondary">{m.saveFirst}</Typography>
      ) : (
        <>
          <RelatedList
            def={defs.contact}
            parent={{ customerId }}
            rowExtra={(row) => {
              const who = [row.name, row.surname].filter(Boolean).join(' ');
              return (
                <Icon
                  name="folder"
                  label={messages.documents.open(who)}
                  onClick={() => setDocuments({ entity: 'contact', entityId: Number(row.id), what: who })}
                />
              );
            }}
            load={() =>
              unwrap(
                api.GET('/api/customers/{customerId}/contacts', {
                  params: { path: { customerId }, query: { page: 0, rowsPerPage: 0 } },
                }),
              )
            }
          />
          <RelatedList
            def={defs.detail}
            parent={{ customerId }}
            load={() =>
              unwrap(
                api.GET('/api/customers/{customerId}/details', {
                  params: { path: { customerId }, query: { page: 0, rowsPerPage: 0 } },
                }),
              )
            }
          />
          <HistoryPanel def={def} id={customerId} version={formData.version} />
        </>
      )}
      {documents && <DocumentsDialog {...documents} onClose={() => setDocuments(null)} />}
    </>
  );
}

/** /customers/{id?}: the customer's form with their contacts and details; without an id, a new customer. */
export function CustomerPage() {
  const { id } = useParams();
  const defs = useQuery({
    queryKey: ['definitions', 'customer'],
    staleTime: Infinity,
    queryFn: async () => {
      const [customer, contact, detail] = await Promise.all([
        resourceIndex.customer.load(),
        resourceIndex.contact.load(),
        resourceIndex.customerDetail.load(),
      ]);
      return { customer, contact, detail };
    },
  });
  const record = useRecord(defs.data?.customer, id);
  if (record.error) return <LoadFailure error={record.error} missing={record.missing} />;
  if (!defs.data || (id && !record.data)) return <CircularProgress aria-label={messages.loading} />;
  const title = id ? String(record.data?.companyName ?? '') : m.newTitle;
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <CustomerForm
        key={`${id ?? 'new'}-${String(record.data?.version ?? '')}`}
        def={defs.data.customer}
        record={id ? (record.data ?? null) : null}
        defs={defs.data}
      />
    </>
  );
}
