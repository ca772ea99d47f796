import type { Handler } from '../../context.ts';
import { listOptions } from '../../crud/genericHandler.ts';

const USER_GRUPPO_CRM_FIELDS = ['username', 'name', 'surname', 'category', 'gruppiCrmIds'];

// A projection of users for the CRM groups screen: only its own fields may be filtered or sorted on,
// so that nobody learns roles or e-mail addresses of users they may not list.
export const listUserGruppoCrm: Handler<'listUserGruppoCrm'> = async (req, ctx) => {
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
};
