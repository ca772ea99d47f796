import { CircularProgress } from '@mui/material';
import { Suspense } from 'react';
import type { ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { messages } from '../../i18n/messages.ts';
import { NegotiationOffer } from '../offers/index.ts';
import { CustomerAnswerPanel } from '../public-offer/index.ts';
import { AttachmentsPanel } from './AttachmentsPanel.tsx';
import { NegotiationActions } from './NegotiationActions.tsx';

/** Below a saved negotiation's form: its offer, the actions on it, the customer's answer, the attachments. */
export function SavedNegotiationPanels(props: {
  def: ResourceDefinition;
  record: Row;
  dirty: boolean;
  onStored(fresh: Row): Promise<void>;
}) {
  const { def, record, dirty, onStored } = props;
  const id = Number(record.id);
  return (
    <>
      <Suspense fallback={<CircularProgress aria-label={messages.loading} />}>
        <NegotiationOffer negotiation={record} />
      </Suspense>
      <NegotiationActions def={def} record={record} dirty={dirty} onStored={onStored} />
      <Suspense fallback={null}>
        <CustomerAnswerPanel
          negotiationId={id}
          documentToken={record.offerta === 'Y' ? (record.documentToken as string | undefined) : null}
        />
      </Suspense>
      <AttachmentsPanel
        negotiationId={id}
        attachments={(record.allegati ?? []) as Row[]}
        onChanged={async () => {
          const fresh = await resourceApi.current(def, id);
          if (fresh) await onStored(fresh);
        }}
      />
    </>
  );
}
