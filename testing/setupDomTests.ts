/**
 * Vitest setup of the widget's and admin page's tests (the `dom` project in vitest.config.ts): `waitFor` and the
 * `findBy` queries wait up to 10 s instead of Testing Library's 1 s. They still return as soon as the condition
 * holds; the longer bound only keeps a loaded 2-core machine (the whole suite runs two files at a time) from
 * failing a test whose condition was about to hold.
 */
import { configure } from '@testing-library/preact';

configure({ asyncUtilTimeout: 10_000 });
