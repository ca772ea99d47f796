import { defineHandlers, type ServerModule } from '../../context.ts';
import { createRecord } from '../../crud/genericHandler.ts';

/** Sales negotiations (trattative CP). */
export const negotiationsModule: ServerModule = {
  handlers: defineHandlers({
    // The generic create, answering only the new id in this call's own envelope.
    createTrattativaCp: async (req, ctx) => {
      const saved = await createRecord(ctx.resource('TrattativaCp'), req, ctx);
      return { data: { id: Number(saved.id) } };
    },
  }),
};
