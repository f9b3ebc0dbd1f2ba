import { describe, expect, it } from 'vitest';
import { maskFrameForm } from './maskFrameForm';

describe('maskFrameForm', () => {
  it("masks card-like numbers in the echoed free text, in allParams too, and keeps the gateway's own fields", () => {
    const form = {
      action: 'https://gateway.example/v1/checkout',
      fields: [
        // the gateway's own: ids that may pass Luhn by chance must reach step 2 unchanged
        ['gbc_id', 'SBX4242424242424242'],
        ['orderNo', '4242424242424242'],
        ['token', '4000056655665556'],
        ['signInfo', 'ab4242424242424242cd'],
        ['billing_address', 'Rua 4242 4242 4242 4242'],
        ['address', 'Rua 4242 4242 4242 4242'],
        ['firstName', '4000-0566-5566-5556'],
        ['phone', '+55 11 91234 5678'],
        ['allParams', 'orderNo=4242424242424242&address=Rua%204242%204242%204242%204242&city=S%C3%A3o%20Paulo'],
      ] as [string, string][],
    };
    expect(maskFrameForm(form)).toEqual({
      action: form.action,
      fields: [
        ['gbc_id', 'SBX4242424242424242'],
        ['orderNo', '4242424242424242'],
        ['token', '4000056655665556'],
        ['signInfo', 'ab4242424242424242cd'],
        ['billing_address', 'Rua **** **** **** 4242'],
        ['address', 'Rua **** **** **** 4242'],
        ['firstName', '****-****-****-5556'],
        ['phone', '+55 11 91234 5678'],
        ['allParams', 'orderNo=4242424242424242&address=Rua%20****%20****%20****%204242&city=S%C3%A3o%20Paulo'],
      ],
    });
  });

  it('leaves a form without card-like text exactly as the gateway sent it', () => {
    const form = {
      action: 'https://gateway.example/v1/checkout',
      fields: [
        ['address', 'Rua A 1'],
        ['allParams', 'address=Rua+A+1&remark=%E2%9C%93'],
      ] as [string, string][],
    };
    expect(maskFrameForm(form)).toEqual(form);
  });
});
