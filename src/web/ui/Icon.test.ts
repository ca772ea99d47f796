import { describe, expect, it } from 'vitest';
import { ICONS } from './Icon.tsx';

// SPEC.md section 2, the icon set.
const SPEC_ICONS = [
  'edit',
  'trash',
  'add',
  'search',
  'close',
  'refresh',
  'back',
  'right',
  'check',
  'circle-close',
  'info',
  'circle-add',
  'move',
  'detail',
  'download',
  'fullscreen',
  'undo',
  'change-user',
  'show',
  'pdf',
  'folder',
  'attachment',
  'map',
  'next',
  'previous',
  'excel',
  'note',
];

describe('ICONS', () => {
  it('has every icon of SPEC.md with an Italian tooltip', () => {
    for (const name of SPEC_ICONS) {
      const entry = ICONS[name as keyof typeof ICONS];
      expect(entry, name).toBeDefined();
      expect(entry[1]).toMatch(/^[A-Z][a-zà-ù ]+|^PDF$/);
    }
    expect(ICONS.edit[1]).toBe('Modifica');
    expect(ICONS.trash[1]).toBe('Elimina');
    expect(ICONS['change-user'][1]).toBe('Cambia utente');
  });
});
