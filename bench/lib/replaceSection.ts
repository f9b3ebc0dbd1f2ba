/**
 * Replaces the section between `<!-- bench:<key>:start -->` and `<!-- bench:<key>:end -->` in `document` with
 * `body`, or appends the section when the markers are missing. Each benchmark owns one section, so running one
 * benchmark alone leaves the others' latest results in place.
 */
export function replaceSection(document: string, key: string, body: string): string {
  const start = `<!-- bench:${key}:start -->`;
  const end = `<!-- bench:${key}:end -->`;
  const block = `${start}\n${body.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = from === -1 ? -1 : document.indexOf(end, from);
  if (from === -1 || to === -1) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, from) + block + document.slice(to + end.length);
}
