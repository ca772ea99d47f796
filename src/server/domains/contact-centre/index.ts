import { defineHandlers, type ServerModule } from '../../context.ts';
import { idOf, updateOneField } from '../../crud/genericHandler.ts';

/** The contact centre: branch offices and missed calls, edited one field at a time. */
export const contactCentreModule: ServerModule = {
  handlers: defineHandlers({
    updateBranchOffice: (req, ctx) => updateOneField(ctx.resource('BranchOffice'), idOf(req.params), req.body),
    updateMissedCall: (req, ctx) => updateOneField(ctx.resource('MissedCall'), idOf(req.params), req.body),
  }),
};
