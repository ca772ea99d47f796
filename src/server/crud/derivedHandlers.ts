import type { Handler } from '../context.ts';
import type { Row } from './crudRepository.ts';
import { customerWithVat } from '../domains/customers/customerRules.ts';
import { genericHandlerFor, idOf, listOptions } from './genericHandler.ts';

const USER_GRUPPO_CRM_FIELDS = ['username', 'name', 'surname', 'category', 'gruppiCrmIds'];

/** Operations that are a generic operation with a twist: a fixed filter, another envelope, one field. */
export const derivedHandlers: Record<string, Handler> = {
  getFilialeInventari: (req, ctx) =>
    genericHandlerFor(ctx.resource('FilialeInventario'), 'get')?.(req, ctx) ?? Promise.resolve(),

  // SPEC.md section 7: the offer statuses list shows only the active ones unless asked otherwise.
  listStatoOfferta: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('StatoOfferta');
    const filters = (req.query.filters ?? {}) as Record<string, unknown>;
    return repo.list(listOptions({ ...req.query, filters: { active: true, ...filters } }, definition.sort, model));
  },

  listCustomerContacts: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('Contact');
    return repo.list(listOptions(req.query, definition.sort, model, { customerId: Number(req.params.customerId) }));
  },
  listCustomerDetails: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('CustomerDetail');
    return repo.list(listOptions(req.query, definition.sort, model, { customerId: Number(req.params.customerId) }));
  },

  listMyFilialiInventario: async (req, ctx) => {
    const me = await ctx.resource('User').repo.get(req.user?.id ?? 0);
    const ids = (me.filialiIds ?? []) as number[];
    const { definition, model, repo } = ctx.resource('FilialeInventario');
    const admin = req.user?.roles.some((r) => r === 'ROLE_SUPER_ADMIN' || r === 'ROLE_ADMIN');
    if (!admin && ids.length === 0) return { data: [], totalRows: 0 };
    return repo.list(listOptions({}, definition.sort, model, admin ? {} : { id: ids }));
  },

  listInventarioMezzi: (req, ctx) => {
    const { definition, model, repo } = ctx.resource('InventarioMezzi');
    const ids = req.query.idFilialiInventario as number[] | undefined;
    return repo.list(listOptions(req.query, definition.sort, model, ids ? { filialeInventarioId: ids } : {}));
  },

  // The inventory detail also needs how many items there are in all and without a status.
  listInventarioMezziItem: async (req, ctx) => {
    const { definition, model, repo } = ctx.resource('InventarioMezziItem');
    const inventory = Number(req.query.idInventarioMezzi);
    const options = listOptions(req.query, definition.sort, model, { idInventarioMezzi: inventory });
    const page = await repo.list({
      ...options,
      ...(typeof req.query.multiField === 'string'
        ? { search: { fields: ['resourceMago', 'status', 'note'], text: req.query.multiField } }
        : {}),
      ...(req.query.withoutStatus === 1 ? { isNull: ['statusId'] } : {}),
    });
    const { rows } = await ctx.db.query<{ all: number; without: number }>(
      `SELECT count(*)::int AS "all", (count(*) FILTER (WHERE "statusId" IS NULL))::int AS without FROM "inventarioMezziItem" WHERE "idInventarioMezzi" = $1`,
      [inventory],
    );
    return { ...page, totalRowsNoFiltered: rows[0]?.all ?? 0, totalRowsWithoutStatus: rows[0]?.without ?? 0 };
  },

  listAttrezzatureGruppoRisorse: async (req, ctx) => {
    const group = await ctx.resource('GruppoRisorse').repo.get(idOf(req.params));
    const data = (group.articoliGruppo ?? []) as Row[];
    return { data, totalRows: data.length };
  },

  // A projection of users for the CRM groups screen: only its own fields may be filtered or sorted on,
  // so that nobody learns roles or e-mail addresses of users they may not list.
  listUserGruppoCrm: async (req, ctx) => {
    const { model, repo } = ctx.resource('User');
    const filters = {
      ...((req.query.filters ?? {}) as Record<string, unknown>),
      ...(req.query.categoria ? { category: req.query.categoria } : {}),
    };
    const sortBy = typeof req.query.sortBy === 'string' ? req.query.sortBy : undefined;
    const page = await repo.list({
      ...listOptions({ ...req.query, filters }, { field: 'username', descending: false }, model),
      visibleFields: USER_GRUPPO_CRM_FIELDS,
    });
    if (!sortBy)
      page.data.sort(
        (a, b) =>
          String(a.username).localeCompare(String(b.username)) ||
          String(a.category ?? '').localeCompare(String(b.category ?? '')),
      );
    return {
      ...page,
      data: page.data.map(({ id, username, name, surname, category, gruppiCrmIds }) => ({
        id,
        username,
        name,
        surname,
        ...(category ? { category } : {}),
        gruppiCrmIds: gruppiCrmIds ?? [],
      })),
    };
  },

  // The ERP's customers come through its connector (the demo one reads seeded rows).
  listClienteErp: (req, ctx) => {
    const { definition, model } = ctx.resource('ClienteErp');
    return ctx.erp.listCustomers(listOptions(req.query, definition.sort, model));
  },

  // The generic create (with its write rules), answering only the new id in these calls' own envelopes.
  createPlanning: async (req, ctx) => ({ data: { planningId: await createdId('Planning', req, ctx) } }),
  createTrattativaCp: async (req, ctx) => ({ data: { id: await createdId('TrattativaCp', req, ctx) } }),

  checkCustomerVatNumber: async (req, ctx) => {
    const vat = String(req.params.vat);
    const found = await customerWithVat(ctx, vat, null);
    const inErp = await ctx.erp.knowsVatNumber(vat);
    return { data: { exists: !!found, customerId: found?.id ?? null, agentName: found?.agentName ?? null, inErp } };
  },
};

async function createdId(typeName: string, req: Parameters<Handler>[0], ctx: Parameters<Handler>[1]): Promise<number> {
  const create = genericHandlerFor(ctx.resource(typeName), 'create');
  const result = (await create?.(req, ctx)) as { data: Row } | undefined;
  return Number(result?.data.id);
}
