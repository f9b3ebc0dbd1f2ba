/**
 * Vitest setup of the widget's and admin page's tests (the `dom` project in vitest.config.ts): `waitFor` and the
 * `findBy` queries wait up to 10 s instead of Testing Library's 1 s. They still return as soon as the condition
 * holds; the longer bound only keeps a loaded 2-core machine (the whole suite runs two files at a time) from
 * failing a test whose condition was about to hold.
 *
 * Only a file with a document (`@vitest-environment happy-dom`) can use Testing Library; the project's node files
 * (pure functions, server rendering, the bundle's budget) skip its import, about half a second of CPU each.
 * This file runs before each test file, also where the files of a worker share one document.
 */
// a module (the await below): nothing is exported
export {};

if ('document' in globalThis) {
  const { configure } = await import('@testing-library/preact');
  configure({ asyncUtilTimeout: 10_000 });
  // the dom project's files share their worker's document (vitest.config.ts, isolate: false): each file starts
  // with no cookie and empty storage, whatever a file before it in the worker left
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]!.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
}
