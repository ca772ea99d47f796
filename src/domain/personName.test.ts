import { describe, expect, it } from 'vitest';
import { personInitials, personName } from './personName.ts';

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

describe('personInitials', () => {
  it.each([
    [{ name: 'Stefano', surname: 'Ruggiero', username: 'inventario' }, 'SR'],
    [{ name: ' élena ', surname: 'greco', username: null }, 'ÉG'],
    [{ name: 'Mario', surname: null, username: 'mario.rossi' }, 'M'],
    [{ name: '', surname: '', username: 'inventario' }, 'I'],
    [{ name: null, surname: null, username: null }, ''],
  ])('%j reads %j', (person, shown) => {
    expect(personInitials(person)).toBe(shown);
  });
});
