import { resourceIndex } from '../../generated/resourceIndex.ts';
import { createMenu } from '../domain/menu.ts';
import { WORKFLOW_PAGES } from './workflows/pages.ts';

/** The drawer and the path guard of this app, over its generated resources and its workflows' pages. */
export const { drawerFor, pathPermitted, drawerGroupOf, openDrawerSections, activeEntryOf } = createMenu(
  Object.values(resourceIndex),
  WORKFLOW_PAGES,
);
