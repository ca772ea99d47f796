import type { ServerModule } from '../../context.ts';
import { userHandlers } from './userHandlers.ts';
import { listUserGruppoCrm } from './userGruppoCrm.ts';
import { USER_TABLES } from './userRepository.ts';

/** Users: who may manage whom, passwords, the profile, the CRM groups' view of users. */
export const usersModule: ServerModule = {
  handlers: { ...userHandlers, listUserGruppoCrm },
  tables: USER_TABLES,
};
