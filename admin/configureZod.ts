import { z } from 'zod';

// The page runs under `default-src 'self'`. zod's compiled fast path probes `new Function` when an object schema
// is built, which the CSP blocks and reports as a violation. Imported first by the entry so it runs before any
// schema module; the interpreted path is exact and fast enough for a form.
z.config({ jitless: true });
