import { describe, expect, it } from 'vitest';
import { splitPhone } from './splitPhone';

describe('splitPhone', () => {
  it.each([
    ['+55 11 91234-5678', { country: '55', area: '11', number: '912345678' }],
    ['(11) 91234 5678', { area: '11', number: '912345678' }],
    ['+351 21 123 4567', { country: '351', area: '21', number: '1234567' }],
    ['+5511912345678', { number: '5511912345678' }],
    ['+55 11912345678', { country: '55', number: '11912345678' }],
    ['', {}],
  ])('%s', (phone, parts) => {
    expect(splitPhone(phone)).toEqual(parts);
  });
});
