import { escapeHtml } from '../http/escapeHtml';

/**
 * A minimal page with a title and one message, for the frame and return routes. `extra` is trusted HTML; each of
 * `notes` (text) is a paragraph after the message.
 */
export function renderMessagePage(title: string, message: string, extra = '', notes: readonly string[] = []): string {
  const more = notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p>${more}</main>${extra}</body>
</html>`;
}
