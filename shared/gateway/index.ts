/** The gateway protocol for browser and Node alike. `hashNode.ts` (node:crypto) is imported by path, on Node only. */
export * from './currencies';
export * from './errors';
export * from './fields';
export * from './items';
export * from './money';
export * from './profile';
export * from './signature';
export * from './status';
