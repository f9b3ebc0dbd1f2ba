import { expect, test } from 'vitest';
import { errorsFor, nestFields } from './nestFields';

test('dotted paths become nested objects and blank values are left out', () => {
  expect(nestFields({ a: '1', 'b.c': ' x ', 'b.d.e': 'y', 'b.f': '  ', g: '' })).toEqual({
    a: '1',
    b: { c: 'x', d: { e: 'y' } },
  });
});

test('a field collects the errors on its own path and below it only', () => {
  const errors = [
    { path: 'countries', message: 'bad' },
    { path: 'countries.2', message: 'worse' },
    { path: 'countries_extra', message: 'other' },
  ];
  expect(errorsFor(errors, 'countries')).toBe('bad; worse');
  expect(errorsFor(errors, 'currencies')).toBeUndefined();
});
