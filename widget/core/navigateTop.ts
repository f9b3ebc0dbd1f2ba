/**
 * Sends the whole page to `url`: the top window when the widget itself is framed (an APM issuer page refuses to
 * run in a frame), else this one. A cross-origin top navigation the browser refuses throws; the current window
 * goes instead and ApmRedirect's `target="_top"` link remains.
 */
export function navigateTop(win: Window, url: string): void {
  try {
    if (win.top && win.top !== win) {
      win.top.location.href = url;
      return;
    }
  } catch {
    // fall through
  }
  win.location.assign(url);
}
