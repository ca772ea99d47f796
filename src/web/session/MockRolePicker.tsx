import { RoleNameOptions } from '../../../generated/enums.ts';
import type { RoleName } from '../../../generated/entities.ts';
import { messages } from '../i18n/messages.ts';

/**
 * Only against the Prism mock (`npm run dev:mock`): which user the mock signs in, one per role (openapi.yaml,
 * the Tokens response's examples, asked for with `Prefer: example=<role>`). Never in a build for the server.
 */
export default function MockRolePicker({ value, onChange }: { value: RoleName; onChange(role: RoleName): void }) {
  return (
    <>
      <label htmlFor="mock-role">{messages.login.mockRole}</label>
      <select id="mock-role" value={value} onChange={(e) => onChange(e.target.value as RoleName)}>
        {RoleNameOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}
