import { describe, expect, it } from 'vitest';
import { END_BEFORE_START } from '../../../domain/timeHhmm.ts';
import type { Row } from '../../api/resourceApi.ts';
import { endAfterStart } from './endAfterStart.ts';

const FIELDS = ['date', 'startTime', 'endTime', 'subject'];

describe('endAfterStart: an activity ends after it starts', () => {
  it.each<[string, string[], Row, boolean]>([
    ['ends later', FIELDS, { startTime: '09:00', endTime: '10:30' }, false],
    ['ends earlier', FIELDS, { startTime: '10:00', endTime: '09:59' }, true],
    ['ends when it starts', FIELDS, { startTime: '10:00', endTime: '10:00' }, true],
    ['a time still being typed is left to the format check', FIELDS, { startTime: '10:00', endTime: '9' }, false],
    ['no end yet', FIELDS, { startTime: '10:00' }, false],
    ['a form without both fields', ['startTime', 'subject'], { startTime: '10:00', endTime: '09:00' }, false],
  ])('%s', (_name, fields, data, wrong) => {
    expect(endAfterStart(data, fields)).toEqual(wrong ? [{ fields: ['endTime'], message: END_BEFORE_START }] : []);
  });
});
