import { Box } from '@mui/material';
import type { Row } from '../api/resourceApi.ts';
import { messages } from '../i18n/messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { mayCall, recordName } from './listController.ts';
import type { ListController } from './useListController.ts';

/** A row's buttons: edit, picture, the workflow's actions that apply to it, delete. */
export function RowButtons({ controller, row }: { controller: ListController; row: Row }) {
  const { def, dialogs, open, actions, actionContext } = controller;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
      {def.api.update && (
        <Icon name="edit" label={`${messages.actions.edit} ${recordName(def, row)}`} onClick={() => open(row)} />
      )}
      {def.api.uploadImage && (
        <Icon
          name="image"
          label={messages.picture.title(recordName(def, row))}
          onClick={() => dialogs.openPicture(row)}
        />
      )}
      {actions.map(({ call, action }) =>
        action.applies(row, actionContext) ? (
          <Icon
            key={call.operationId}
            name={action.icon}
            label={action.label(row)}
            onClick={() => void action.run(call, row, actionContext).catch(() => undefined)}
          />
        ) : null,
      )}
      {mayCall(def, def.api.delete, actionContext.user?.roles ?? null) && (
        <Icon
          name="trash"
          label={`${messages.actions.delete} ${recordName(def, row)}`}
          onClick={() => dialogs.openRemove(row)}
        />
      )}
    </Box>
  );
}
