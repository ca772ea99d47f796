import { resourceIndex } from '../../generated/resourceIndex.ts';
import { createMenu } from '../domain/menu.ts';

/** The drawer and the path guard of this app, over its generated resources. */
export const { drawerFor, pathPermitted, drawerGroupOf, openDrawerSections } = createMenu(Object.values(resourceIndex));
