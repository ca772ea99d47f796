import { ROLE_GROUPS } from '../../../domain/accessRules.ts';
import { endOfRomeDay, startOfRomeDay } from '../../../domain/calendar/index.ts';
import { defineHandlers } from '../../context.ts';
import type { Row } from '../../crud/crudRepository.ts';
import { idOf, listOptions } from '../../crud/genericHandler.ts';
import type { ListOptions } from '../../crud/listQuery.ts';
import { checkSearch, DEFAULT_SEARCH_LIMITS, searchWords } from '../../crud/search.ts';
import { serverSetValues } from '../../crud/serverSet.ts';
import { HttpError, MESSAGES } from '../../http/httpError.ts';
import { deleteAll } from '../../storage/storage.ts';
import { activeUsersWithAnyRole } from '../users/index.ts';
import { requestedFields } from '../../crud/sparseRows.ts';
import { ATTACHMENTS } from './attachmentHandlers.ts';
import {
  acknowledgeSameVat,
  announce,
  attachmentsOf,
  documentTokenValue,
  negotiationsWithVat,
  newDocumentToken,
  visibleRow,
} from './repository.ts';
import { checkAssignable, checkReferences, operatorFor } from './rules.ts';
import { visibleCondition, viewerOf } from './visibility.ts';

type Condition = NonNullable<ListOptions['conditions']>[number];
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The reassign dialog's choice at a time: the user narrows it by typing. */
const OPERATORS_SHOWN = 50;

function day(query: Record<string, unknown>, name: string): string | undefined {
  const v = query[name];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'string' || !ISO_DAY.test(v))
    throw new HttpError(400, MESSAGES.invalid, [{ field: name, message: 'deve essere una data AAAA-MM-GG' }]);
  return v;
}

/** A period from..to (either end may be open); to before from is refused, naming `toName`. */
function period(query: Record<string, unknown>, fromName: string, toName: string) {
  const from = day(query, fromName);
  const to = day(query, toName);
  if (from && to && to < from)
    throw new HttpError(400, MESSAGES.invalid, [
      { field: toName, message: 'deve essere uguale o successiva alla data di inizio' },
    ]);
  return from || to ? { from, to } : null;
}

/** A date column within the period, both ends included. */
const dateIn = (column: string, p: { from?: string; to?: string }, param: (v: unknown) => string) =>
  [
    ...(p.from ? [`"${column}" >= ${param(p.from)}::date`] : []),
    ...(p.to ? [`"${column}" <= ${param(p.to)}::date`] : []),
  ].join(' AND ');

/**
 * The calendar's period: a negotiation inserted (a Rome day), to call back, or with its visit rescheduled
 * within it. The callback range of the list's filter bar: richiamareInData only.
 */
function periodConditions(query: Record<string, unknown>): Condition[] {
  const out: Condition[] = [];
  const calendar = period(query, 'dataDal', 'dataAl');
  if (calendar)
    out.push((param) => {
      const inserted = [
        ...(calendar.from
          ? [`"dataInserimento" >= ${param(startOfRomeDay(calendar.from).toString())}::timestamptz`]
          : []),
        ...(calendar.to ? [`"dataInserimento" < ${param(endOfRomeDay(calendar.to).toString())}::timestamptz`] : []),
      ].join(' AND ');
      return `(${inserted}) OR (${dateIn('richiamareInData', calendar, param)}) OR (${dateIn('ripianificaVisita', calendar, param)})`;
    });
  const callback = period(query, 'richiamareDal', 'richiamareAl');
  if (callback) out.push((param) => dateIn('richiamareInData', callback, param));
  return out;
}

/** The negotiation record handlers: list, read, write, archive, reassign, lost offer, document token, VAT check. */
export const recordHandlers = defineHandlers({
  listTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const { definition, model, repo } = ctx.resource('TrattativaCp');
    // Only the query parameters that name a column become filters: the periods are conditions of their own.
    const options = listOptions(req.query, definition.sort, model);
    const own = visibleCondition(viewer);
    const fields = requestedFields(req.query);
    return repo.list({
      ...options,
      ...(fields ? { fields } : {}),
      conditions: [...(own ? [own] : []), ...periodConditions(req.query)],
    });
  },

  getTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    await visibleRow(ctx.db, viewer, idOf(req.params));
    return { data: await ctx.resource('TrattativaCp').repo.get(idOf(req.params)) };
  },

  createTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const body = { ...(req.body as Row) };
    body.operatoreId = await operatorFor(ctx, viewer, body.operatoreId, null, true);
    await checkReferences(ctx, body);
    const { model, repo } = ctx.resource('TrattativaCp');
    // SPEC.md section 4: what a new negotiation starts with, whatever the client sent for the server's fields.
    const data = await repo.create(
      { codiceLingua: 'it', ...body, durata: body.durata ?? null },
      {
        ...serverSetValues(model, 'create', req.user),
        allegati: [],
        anagraficaInviata: false,
        brochureInviata: false,
        contattoMagoInviato: false,
        linkAccreditamentoInviato: false,
        offertaInviata: false,
        schedaTecnicaInviata: false,
        bozzaOffertaVisualizzata: false,
        // The offer's public link needs its document token from the start.
        documentToken: documentTokenValue(),
      },
    );
    await announce(ctx, data, 'updated', req.user);
    return { data: { id: Number(data.id) } };
  },

  updateTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    const stored = await visibleRow(ctx.db, viewer, id);
    const body = { ...(req.body as Row) };
    // The form sends the whole record: a duration left empty is no duration (SPEC.md section 3).
    body.durata = body.durata ?? null;
    body.operatoreId = await operatorFor(ctx, viewer, body.operatoreId, stored.operatoreId as number | null, false);
    await checkReferences(ctx, body);
    const { model, repo } = ctx.resource('TrattativaCp');
    const data = await repo.update(
      id,
      body,
      serverSetValues(model, 'update', req.user),
      typeof body.version === 'number' ? body.version : undefined,
    );
    await announce(ctx, data, 'updated', req.user);
    return { data };
  },

  deleteTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    const stored = await visibleRow(ctx.db, viewer, id);
    await ctx.resource('TrattativaCp').repo.remove(id);
    await deleteAll(
      ctx.storage,
      ATTACHMENTS,
      attachmentsOf(stored).map((a) => a.path),
    );
    await announce(ctx, stored, 'deleted', req.user);
  },

  setTrattativaCpArchiviata: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    await visibleRow(ctx.db, viewer, id);
    const { archiviata } = req.body;
    const { model, repo } = ctx.resource('TrattativaCp');
    const event = archiviata === 'Y' ? 'archiviazione' : 'ripristino';
    const data = await repo.update(id, { archiviata }, serverSetValues(model, 'update', req.user), undefined, event);
    await announce(ctx, data, 'updated', req.user);
    return { data };
  },

  // Whom checkAssignable accepts: the reassign dialog offers nobody the server would refuse, found as typed.
  listOperatoriTrattativaCp: async (req, ctx) => {
    const words = searchWords(req.query.q);
    checkSearch(words, undefined, undefined, DEFAULT_SEARCH_LIMITS);
    const found = await activeUsersWithAnyRole(ctx.db, ROLE_GROUPS.trattative, { words, limit: OPERATORS_SHOWN + 1 });
    return { data: found.slice(0, OPERATORS_SHOWN), more: found.length > OPERATORS_SHOWN };
  },

  // Only the roles of OPERATION_ACCESS get here (admins and ROLE_NL): the others have had their 403.
  reassignTrattativaCp: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    await visibleRow(ctx.db, viewer, id);
    const { userRiassegnazioneTrattativaCpId: userId } = req.body;
    await checkAssignable(ctx, userId, 'userRiassegnazioneTrattativaCpId');
    const { model, repo } = ctx.resource('TrattativaCp');
    const data = await repo.update(id, { operatoreId: userId }, serverSetValues(model, 'update', req.user));
    await announce(ctx, data, 'updated', req.user);
    return { data };
  },

  saveTrattativaCpOfferLost: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    await visibleRow(ctx.db, viewer, id);
    const body = req.body;
    const missing = [
      ...((await ctx.resource('MotivoPerso').repo.raw(body.motivoPersaId)) ? [] : ['motivoPersaId']),
      ...((await ctx.resource('StatoOfferta').repo.raw(body.statoOffertaId)) ? [] : ['statoOffertaId']),
    ];
    if (missing.length > 0)
      throw new HttpError(
        400,
        MESSAGES.invalid,
        missing.map((field) => ({ field, message: "non esiste più: scegliere un valore dall'elenco" })),
      );
    const { model, repo } = ctx.resource('TrattativaCp');
    const data = await repo.update(
      id,
      {
        motivoPersaId: body.motivoPersaId,
        ...(body.notePersa !== undefined ? { notePersa: body.notePersa } : {}),
      },
      // The offer's status is this call's to write (x-written-by), never the form's.
      { ...serverSetValues(model, 'update', req.user), statoOfferta: body.statoOffertaId },
    );
    await announce(ctx, data, 'updated', req.user);
    return { data };
  },

  // A new link for the customer's offer page; the one sent before stops working.
  createTrattativaCpDocumentToken: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    await visibleRow(ctx.db, viewer, idOf(req.params));
    return { data: { documentToken: await newDocumentToken(ctx.db, idOf(req.params)) } };
  },

  checkTrattativaCpPartitaIva: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const vat = String(req.params.vat);
    const except = typeof req.query.escludiId === 'number' ? req.query.escludiId : null;
    const [inErp, trattative] = await Promise.all([
      ctx.erp.knowsVatNumber(vat),
      negotiationsWithVat(ctx, viewer, vat, except),
    ]);
    return { data: { inErp, trattative } };
  },

  acknowledgeTrattativaCpPartitaIva: async (req, ctx) => {
    const viewer = await viewerOf(ctx, req.user);
    const id = idOf(req.params);
    const vat = await ctx.db.transaction(async (tx) => {
      const row = await visibleRow(tx, viewer, id, true);
      const vat = typeof row.partitaIva === 'string' ? row.partitaIva : '';
      if (!vat)
        throw new HttpError(400, MESSAGES.invalid, [
          { field: 'trattative', message: 'La trattativa non ha una partita IVA: salvarla prima con la partita IVA' },
        ]);
      await acknowledgeSameVat(tx, id, vat, req.body.trattative, Number(req.user?.id));
      return vat;
    });
    const [inErp, trattative] = await Promise.all([
      ctx.erp.knowsVatNumber(vat),
      negotiationsWithVat(ctx, viewer, vat, id),
    ]);
    return { data: { inErp, trattative } };
  },
});
