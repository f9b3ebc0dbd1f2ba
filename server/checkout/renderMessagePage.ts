import { escapeHtml } from '../http/escapeHtml';

/** A minimal page with a title and one message, for the frame and return routes. `extra` is trusted HTML. */
export function renderMessagePage(title: string, message: string, extra = ''): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(message)}</p></main>${extra}</body>
</html>`;
}
