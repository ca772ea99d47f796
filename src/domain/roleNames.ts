import type { RoleName } from '../../generated/entities.ts';
import { RoleNameValues } from '../../generated/enums.ts';

/** The 16 stored roles (SPEC.md section 6), from schemas/common.json. */
export const ROLE_NAMES: readonly RoleName[] = RoleNameValues;
