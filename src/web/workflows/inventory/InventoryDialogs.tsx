import type { InventarioMezziItem } from '../../../../generated/entities.ts';
import { messages } from '../../i18n/messages.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ItemDialog, type ItemDraft } from './ItemDialog.tsx';
import { MoveDialog } from './MoveDialog.tsx';
import { ScanDialog } from './ScanDialog.tsx';

const m = messages.inventory;
export type Item = InventarioMezziItem & { id: number };
export type Dialog =
  | { kind: 'add'; code: string }
  | { kind: 'note'; item: Item }
  | { kind: 'remove'; item: Item }
  | { kind: 'move'; item: Item }
  | { kind: 'scan' }
  | { kind: 'conclude' }
  | { kind: 'delete'; step: 1 | 2 }
  | null;

/** The dialogs of an inventory's page: an item added or annotated, a code scanned, and the confirmations. */
export function InventoryDialogs(props: {
  dialog: Dialog;
  setDialog(dialog: Dialog): void;
  statuses: Parameters<typeof ItemDialog>[0]['statuses'];
  busy: boolean;
  onSaveItem(draft: ItemDraft): Promise<void>;
  onCode(code: string): void;
  onRemoveItem(item: Item): void;
  onMoveItem(item: Item, branchId: number): void;
  onConclude(): void;
  onDelete(): void;
}) {
  const { dialog, setDialog, busy } = props;
  const close = () => setDialog(null);
  return (
    <>
      {(dialog?.kind === 'add' || dialog?.kind === 'note') && (
        <ItemDialog
          mode={dialog.kind}
          initial={
            dialog.kind === 'add'
              ? { resourceMago: dialog.code.trim().toUpperCase(), note: '', zona: '', statusId: null }
              : {
                  resourceMago: dialog.item.resourceMago,
                  note: dialog.item.note ?? '',
                  zona: dialog.item.zona ?? '',
                  statusId: dialog.item.statusId ?? null,
                }
          }
          statuses={props.statuses}
          onSave={props.onSaveItem}
          onClose={close}
        />
      )}
      {dialog?.kind === 'scan' && <ScanDialog onCode={props.onCode} onClose={close} />}
      {dialog?.kind === 'move' && (
        <MoveDialog
          item={dialog.item}
          busy={busy}
          onClose={close}
          onMove={(branchId) => {
            close();
            props.onMoveItem(dialog.item, branchId);
          }}
        />
      )}
      <ConfirmDialog
        open={dialog?.kind === 'remove'}
        title={m.remove}
        text={dialog?.kind === 'remove' ? m.removeConfirm(dialog.item.resourceMago) : ''}
        confirmLabel={m.remove}
        danger
        busy={busy}
        onCancel={close}
        onConfirm={() => {
          const item = dialog?.kind === 'remove' ? dialog.item : null;
          close();
          if (item) props.onRemoveItem(item);
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'conclude'}
        title={m.concludeTitle}
        text={m.concludeQuestion}
        confirmLabel={m.conclude}
        busy={busy}
        onCancel={close}
        onConfirm={() => {
          close();
          props.onConclude();
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={m.delete}
        text={dialog?.kind === 'delete' && dialog.step === 2 ? m.deleteSecond : m.deleteFirst}
        confirmLabel={dialog?.kind === 'delete' && dialog.step === 2 ? m.deleteAgain : m.delete}
        danger
        busy={busy}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind === 'delete' && dialog.step === 1) return setDialog({ kind: 'delete', step: 2 });
          close();
          props.onDelete();
        }}
      />
    </>
  );
}
