import { describe, expect, it } from 'vitest';
import { checkDocument } from './checkDocument';

describe('checkDocument', () => {
  it('takes Brazilian CPF and CNPJ numbers whose check digits are right, with or without punctuation', () => {
    for (const doc of ['529.982.247-25', '52998224725', '111.444.777-35', '11.222.333/0001-81', '11222333000181'])
      expect(checkDocument(doc, 'BR'), doc).toBeUndefined();
  });

  it('refuses in Brazil text, wrong lengths, wrong check digits and repeated digits', () => {
    for (const doc of ['abc', '', '123', '529.982.247-24', '52998224735', '11.222.333/0001-80', '111.111.111-11'])
      expect(checkDocument(doc, 'BR'), doc).toBe('invalid_br');
  });

  it('has no rule for other countries (or none known)', () => {
    expect(checkDocument('abc', 'NL')).toBeUndefined();
    expect(checkDocument('abc', undefined)).toBeUndefined();
  });
});
