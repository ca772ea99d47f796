import { Box, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import UploadFile from '@mui/icons-material/UploadFile';
import { useNavigate } from 'react-router-dom';
import { messages } from '../i18n/messages.ts';
import { Icon } from '../ui/Icon.tsx';
import { resourceExtension } from './resourceExtensions.ts';
import type { ListController } from './useListController.ts';

/** Above a list: add a record, import a file (for who may), the workflow's own actions, export and print. */
export function ListToolbar({ controller, onImport }: { controller: ListController; onImport: (() => void) | null }) {
  const { def, open } = controller;
  const navigate = useNavigate();
  const { ListActions } = resourceExtension(def.name);
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      {def.api.create && (
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => open(null)}>
          {messages.actions.add}
        </Button>
      )}
      {onImport && (
        <Button startIcon={<UploadFile />} variant="outlined" onClick={onImport}>
          {messages.import.button}
        </Button>
      )}
      {ListActions && <ListActions />}
      <Icon name="excel" onClick={controller.exportXlsx} />
      {controller.printPath && <Icon name="print" onClick={() => void navigate(controller.printPath ?? '')} />}
    </Box>
  );
}
