import { resourceApi, type Row } from '../../api/resourceApi.ts';
import { formatPhoneDisplay } from '../../../domain/phone/index.ts';
import { holdsRecall } from '../../../domain/contact-centre/index.ts';
import { messages } from '../../i18n/messages.ts';
import type { RowAction, RowActionContext } from '../../resources/resourceExtensions.ts';
import { notify } from '../../ui/notificationBus.ts';
import { searchBox } from '../../ui/searchEvents.ts';
import { searchMessages } from '../../i18n/searchMessages.ts';
import { BRANCH_OFFICE_USERS } from './pages.ts';

const m = messages.contactCentre;
const phone = (row: Row) => formatPhoneDisplay(String(row.senderPhone ?? ''));

/** The missed calls, their count in the menu and the home card reload after any change. */
export const reloadMissedCalls = (ctx: Pick<RowActionContext, 'queryClient'>) =>
  Promise.all([
    ctx.queryClient.invalidateQueries({ queryKey: ['list', 'missedCall'] }),
    ctx.queryClient.invalidateQueries({ queryKey: ['menuCount', 'missedCall'] }),
    ctx.queryClient.invalidateQueries({ queryKey: ['home', 'missedCalls'] }),
  ]);

/** "Richiama": I am calling this customer back (others see my name in Operatore). */
export const recallMissedCall: RowAction = {
  icon: 'phone',
  label: (row) => m.recall(phone(row)),
  applies: (row) => row.recalled !== 'Y',
  async run(call, row, ctx) {
    await resourceApi.action(call, Number(row.id));
    notify.success(m.recallTaken(phone(row)));
    await reloadMissedCalls(ctx);
  },
};

/** The caller's record: the search box opened on the number, with its customer, open negotiations and last calls. */
export const openCaller: RowAction = {
  icon: 'search',
  label: (row) => searchMessages.missedCallAction(phone(row)),
  applies: (row) => typeof row.senderPhone === 'string' && row.senderPhone !== '',
  run(_call, row) {
    searchBox.open(String(row.senderPhone));
    return Promise.resolve();
  },
};

/** Nobody answered my call-back: the server plans the next try in my agenda. */
export const recallMissedCallNoAnswer: RowAction = {
  icon: 'phone-missed',
  label: (row) => m.noAnswer(phone(row)),
  // Only under my own "Richiama", as the server: it ends the hold, so it is not offered twice for one try.
  applies: (row, { user }) => row.recalled !== 'Y' && holdsRecall(row, user?.id, new Date()),
  async run(call, row, ctx) {
    await resourceApi.action(call, Number(row.id));
    notify.success(m.noAnswerDone);
    await Promise.all([
      reloadMissedCalls(ctx),
      // The operator's agenda and home hold the new activity.
      ctx.queryClient.invalidateQueries({ queryKey: ['list', 'planning'] }),
      ctx.queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
  },
};

/** "Reinvia": a failed or undelivered message goes back in the outbox. */
export const resendEmail: RowAction = {
  icon: 'send',
  label: (row) => m.resend(String(row.subject ?? '')),
  applies: (row) => row.status === 'failed' || row.status === 'notConfigured',
  async run(call, row, ctx) {
    await resourceApi.action(call, Number(row.id));
    notify.success(m.resent);
    await ctx.queryClient.invalidateQueries({ queryKey: ['list', 'email'] });
  },
};

/** "Utenti": the users of this branch office, who receive its missed calls. */
export const branchOfficeUsers: RowAction = {
  icon: 'people',
  label: (row) => m.users(String(row.nome ?? '')),
  applies: () => true,
  run: async (_call, row, { navigate }) => navigate(`${BRANCH_OFFICE_USERS}?f.branchOfficeId=${String(row.id)}`),
};
