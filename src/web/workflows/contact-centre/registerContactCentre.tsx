import { CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import { resourceApi, type Row } from '../../api/resourceApi.ts';
import type { ResourceDefinition } from '../../../domain/resourceDefinition.ts';
import { registerResourceExtension } from '../../resources/resourceExtensions.ts';
import { messages } from '../../i18n/messages.ts';
import { registerHubHandler } from '../../session/hubEvents.ts';
import { sidePanel } from '../../ui/sidePanelEvents.ts';
import { CallTotalsFrame } from './CallTotalsFrame.tsx';
import { changedFields } from './changedFields.ts';
import { createPbxToken } from './PbxTokenPanel.tsx';
import {
  branchOfficeUsers,
  openCaller,
  recallMissedCall,
  recallMissedCallNoAnswer,
  reloadMissedCalls,
  resendEmail,
} from './contactCentreActions.ts';

// The sanitizer loads with the first e-mail opened.
const EmailMessage = lazy(() => import('./EmailMessage.tsx'));

/** A click on an e-mail of the outbox shows it as it was sent, in the side panel. */
function openEmail(row: Row): boolean {
  sidePanel.open({
    title: messages.emailMessage.title,
    subtitle: String(row.subject ?? ''),
    maxWidth: '50%',
    body: (
      <Suspense fallback={<CircularProgress aria-label={messages.loading} />}>
        <EmailMessage id={Number(row.id)} />
      </Suspense>
    ),
  });
  return true;
}

// The chart library loads with the call report, not with the app.
const CallTotals = lazy(() => import('./CallTotals.tsx'));
function CallTotalsSummary(props: { filters: Record<string, string> }) {
  return (
    <Suspense fallback={<CallTotalsFrame />}>
      <CallTotals {...props} />
    </Suspense>
  );
}

/** Missed calls and branch offices are saved one field at a time (`PUT …/{id}` `{field, value}`). */
async function fieldByField(def: ResourceDefinition, stored: Row & { id: number }, edited: Row) {
  const fields = Object.keys(def.form.schema.properties ?? {});
  let saved: { data: Row } = { data: stored };
  for (const edit of changedFields(fields, stored, edited)) saved = await resourceApi.update(def, stored.id, edit);
  return saved;
}

async function missedCallsToRecall(): Promise<number> {
  const page = await unwrap(
    api.GET('/api/missed-calls', { params: { query: { recalled: 'N', internal: 'N', page: 1, rowsPerPage: 1 } } }),
  );
  return page.totalRows;
}

/** The contact centre: call-backs, live missed calls, field-by-field edits, the call report's totals, "Reinvia". */
export function registerContactCentre(): void {
  registerResourceExtension('missedCall', {
    rowActions: { recallMissedCall, recallMissedCallNoAnswer, searchEverything: openCaller },
    update: fieldByField,
    rowTone: (row) => (row.overdue === true ? 'error' : undefined),
    menuCount: missedCallsToRecall,
  });
  registerResourceExtension('branchOffice', {
    rowActions: { listBranchOfficeUser: branchOfficeUsers },
    update: fieldByField,
  });
  registerResourceExtension('reportCall', { Summary: CallTotalsSummary });
  registerResourceExtension('email', { rowActions: { resendEmail }, openRow: openEmail });
  registerResourceExtension('user', { rowActions: { createPbxToken } });
  // A call posted by the PBX, or a colleague's call-back, shows on every open screen within a second.
  registerHubHandler('missedCall', (_event, queryClient) => void reloadMissedCalls({ queryClient }));
}
