import type { ServerModule } from '../../context.ts';
import { signInHandlers } from './signInHandlers.ts';
import { userHandlers } from './userHandlers.ts';
import { listUserGruppoCrm } from './userGruppoCrm.ts';

/** Users: sign-in, who may manage whom, passwords, the profile, the CRM groups' view of users. */
export const usersModule: ServerModule = {
  handlers: { ...signInHandlers, ...userHandlers, listUserGruppoCrm },
};

// The door: what other workflows and the app may use of the users (nothing else of this folder).
export {
  accreditationLink,
  activeUserIdsSeeing,
  activeUsersWithAnyRole,
  activityAndRoles,
  agentOf,
  branchIdsOf,
  contactOf,
  crmGroupsOf,
  displayName,
  fullNamesOf,
  personOf,
  userState,
} from './userRepository.ts';
