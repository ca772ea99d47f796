import { describe, expect, it } from 'vitest';
import { personName } from './personName.ts';

describe('personName', () => {
  it.each([
    [{ name: 'Mario', surname: 'Rossi', username: 'mario.rossi' }, 'Mario Rossi'],
    [{ name: ' Mario ', surname: null, username: 'mario.rossi' }, 'Mario'],
    [{ name: '', surname: '', username: 'inventario' }, 'inventario'],
    [{ name: null, surname: null, username: null }, ''],
  ])('%j reads %j', (person, shown) => {
    expect(personName(person)).toBe(shown);
  });
});
