import type { WebWorkflow } from '../workflow.ts';
import { registerUsers } from './registerUsers.ts';

export const users: WebWorkflow = { name: 'users', extensions: registerUsers };
