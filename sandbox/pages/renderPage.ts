import { escapeHtml } from './escapeHtml';

/**
 * The shell of every page the sandbox shows a person: plain HTML, no external resources. `title` is escaped here; `body` must already
 * be escaped (callers build it with `escapeHtml`).
 */
export function renderPage(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;color:#1a1a1a;background:#f6f7f9}
main{max-width:28rem;margin:0 auto;background:#fff;border:1px solid #d9dce1;border-radius:8px;padding:1.5rem}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #8a9099;border-radius:4px}
button{font:inherit;padding:.6rem 1rem;margin:.75rem .5rem 0 0;border-radius:4px;border:1px solid #1f4fd1;background:#1f4fd1;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1f4fd1}
.error{color:#a4000f}
.badge{display:inline-block;font-size:.8rem;background:#fff3c4;border:1px solid #e0c04a;border-radius:4px;padding:0 .4rem}
table{border-collapse:collapse;font-size:.85rem}td{padding:.1rem .5rem .1rem 0}
main{overflow-wrap:anywhere}
@media (max-width:30rem){body{padding:.5rem}main{padding:.75rem}}
</style>
${head}
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}
