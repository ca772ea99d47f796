import { resourceIndex } from '../../../../generated/resourceIndex.ts';
import type { WebWorkflow } from '../workflow.ts';
import { registerUsers } from './registerUsers.ts';

/** The users' list, a generated screen: where an administrator comes back to after impersonating someone. */
export const USERS_LIST = resourceIndex.user.route;

export const users: WebWorkflow = { name: 'users', extensions: registerUsers };
