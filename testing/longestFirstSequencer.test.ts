import { existsSync } from 'node:fs';
import { expect, it } from 'vitest';
import { EXPECTED_SECONDS, longestFirst } from './longestFirstSequencer';

it('starts the listed files longest first, whatever their project, then the others larger first', () => {
  const files = [
    { path: 'server/ids.test.ts', size: 2_000 },
    { path: 'server/operations/bulk1000.test.ts', size: 3_000 },
    { path: 'widget/index.node.test.ts', size: 9_000 },
    { path: 'e2e/admin/adminPage.test.ts', size: 40_000 },
  ];
  const order = longestFirst(
    files,
    (f) => f.path,
    (f) => f.size,
  ).map((f) => f.path);
  expect(order).toEqual([
    'server/operations/bulk1000.test.ts',
    'e2e/admin/adminPage.test.ts',
    'widget/index.node.test.ts',
    'server/ids.test.ts',
  ]);
});

it('lists only files that exist, so a renamed file is noticed rather than silently run last', () => {
  expect(Object.keys(EXPECTED_SECONDS).filter((path) => !existsSync(path))).toEqual([]);
});
