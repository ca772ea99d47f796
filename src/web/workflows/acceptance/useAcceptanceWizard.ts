import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  acceptanceFormFields,
  marksPayload,
  newAcceptanceDraft,
  validateAcceptance,
  validateAcceptanceStep,
  type AcceptanceDraft,
  type AcceptanceError,
  type DraftMark,
  type WizardStep,
} from '../../../domain/acceptance/index.ts';
import { romeToday } from '../../../domain/calendar/index.ts';
import { messages } from '../../i18n/messages.ts';
import { useSessionUser } from '../../session/useSessionUser.ts';
import { useNotify } from '../../ui/notifications.tsx';
import { acceptanceStore, type QueuedAcceptance, type SavedDraft } from './acceptanceStore.ts';
import { outbox } from './outbox.ts';
import { usePreviousCheckIn } from './PreviousCheckIn.tsx';
import { useEarlierMarks, useSettledSerial } from './useMachineData.ts';
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
  'sagoma',
]);
const stepOf = (field: string): WizardStep => (PAGE_ONE.has(field) || field.startsWith('danniSegnati') ? 1 : 2);
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
  !s.draft.matricole &&
  s.draft.km == null &&
  s.draft.ore == null &&
  !s.photos.length &&
  !s.signature &&
  !s.marks?.length;
/** Every photo a draft holds: its own and its marks'. */
const photosOf = (s: SavedDraft) => [...s.photos, ...(s.marks ?? []).flatMap((m) => m.foto)];

const errorMap = (errors: readonly { field: string; message: string }[]) =>
  Object.fromEntries(errors.map((e) => [e.field === 'controlli' ? 'controlli' : e.field, e.message]));

/**
 * The wizard's state and actions: the draft kept in IndexedDB at every change, its errors by field and the step
 * they are on, the check types, the operators, the machine's previous check-in, the outbox and its queue.
 */
export function useAcceptanceWizard() {
  const user = useSessionUser();
  const notify = useNotify();
  const online = useOnline();
  const [saved, setSaved] = useState<SavedDraft | null>(null);
  const [restored, setRestored] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const types = useControlTypes().data ?? [];
  const choosesOperator = !!user?.roles.some((r) => CHOOSES_OPERATOR.includes(r));
  const operators = useOperators(choosesOperator).data ?? [];
  const previous = usePreviousCheckIn(saved?.draft.matricole ?? '');
  const settledSerial = useSettledSerial(saved?.draft.matricole ?? '', saved?.key);
  const earlierMarks = useEarlierMarks(settledSerial).data ?? [];
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

  const prev = previous.data
    ? { km: previous.data.km ?? null, ore: previous.data.ore ?? null, dataAccettazione: previous.data.dataAccettazione }
    : null;
  const draft = saved?.draft;
  const lower =
    !!prev &&
    !!draft &&
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

  const next = () => {
    if (!saved) return;
    const found = validateAcceptanceStep(1, saved.draft, types, prev, { signed: !!saved.signature });
    if (found.length) return showErrors(found);
    setErrors({});
    update({ step: 2 });
    window.scrollTo({ top: 0 });
  };

  const save = async () => {
    if (!saved || !user) return;
    const found = validateAcceptance(saved.draft, types, prev, { signed: !!saved.signature });
    if (found.length) return showErrors(found);
    setBusy(true);
    // The marks' photos travel with the others, through the same queue; each mark names its own by position.
    const { photos, danniSegnati } = marksPayload(saved.photos, saved.marks ?? []);
    const hashes = photos.every((h) => SHA256.test(h)) ? photos : [];
    const item: QueuedAcceptance = {
      key: saved.key,
      userId: user.id,
      fields: [
        ...acceptanceFormFields(saved.draft, types),
        ['chiaveIdempotenza', saved.key],
        ...(danniSegnati.length ? [['danniSegnati', JSON.stringify(danniSegnati)] as [string, string]] : []),
        ...hashes.map((h): [string, string] => ['fotoSha256[]', h]),
      ],
      photos,
      signature: saved.signature,
      origin: saved,
      summary: {
        matricole: saved.draft.matricole ?? '',
        dataAccettazione: saved.draft.dataAccettazione,
        photos: photos.length,
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

  /** A new, blank check-in; the photos go once the stored draft no longer names them. */
  const reset = () => {
    if (!saved || !user) return;
    setErrors({});
    setRestored(false);
    const blank = fresh(user.id);
    setSaved(blank);
    void acceptanceStore.saveDraft(blank).then(() => acceptanceStore.dropUnreferenced(photosOf(saved)));
  };

  return {
    user,
    online,
    saved,
    restored,
    dismissRestored: () => setRestored(false),
    errors,
    busy,
    types,
    choosesOperator,
    operators,
    previous: previous.data,
    settledSerial,
    earlierMarks,
    setMarks: (marks: DraftMark[]) => {
      update({ marks });
      clearErrors(['danniSegnati', 'sagoma']);
    },
    dropPhotos: (hashes: readonly string[]) => void acceptanceStore.dropUnreferenced(hashes),
    lower,
    queue,
    update,
    clearErrors,
    setField,
    next,
    save,
    reopen,
    reset,
  };
}

export type AcceptanceWizardState = ReturnType<typeof useAcceptanceWizard>;
