import { describe, expect, it } from 'vitest';
import { requestIdFor } from './requestIdFor';

describe('requestIdFor', () => {
  it('keeps a UUID key, and maps any other key to one fixed UUID', () => {
    expect(requestIdFor('3F2504E0-4F89-41D3-9A0C-0305E82C3301')).toBe('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    const id = requestIdFor('invoice-42');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(requestIdFor('invoice-42')).toBe(id);
    expect(requestIdFor('invoice-43')).not.toBe(id);
  });
});
