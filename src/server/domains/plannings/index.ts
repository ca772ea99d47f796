import { defineHandlers, type ServerModule } from '../../context.ts';
import { createRecord } from '../../crud/genericHandler.ts';
import { planningRule } from './planningRules.ts';

/** Visit planning: activities that end after they start. */
export const planningsModule: ServerModule = {
  writeRules: { Planning: planningRule },
  handlers: defineHandlers({
    // The generic create (with the rule), answering only the new id in this call's own envelope.
    createPlanning: async (req, ctx) => {
      const saved = await createRecord(ctx.resource('Planning'), req, ctx, planningRule);
      return { data: { planningId: Number(saved.id) } };
    },
  }),
};
