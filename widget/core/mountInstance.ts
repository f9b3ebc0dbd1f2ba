import { h, render } from 'preact';
import { CheckoutApp } from '../components/CheckoutApp';
import { loadAfterPay, pageFingerprint } from '../components/lazyAfterPay';
import { applyAppearance } from '../theme/applyAppearance';
import { injectStylesheet, stylesheetUrl } from '../theme/injectStylesheet';
import { defaultApiBase } from './defaultApiBase';
import type { CheckoutOptions, Notify } from './types';

export interface Instance {
  readonly session: string;
  update(options: CheckoutOptions): void;
  /** submits the form shown now; false when there is none */
  submit(): boolean;
  destroy(): void;
}

let instances = 0;

/** Runs a shop callback so that a bug in it is logged, not thrown into the widget's own flow. */
function safely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error('Checkout: a callback threw', error);
  }
}

/**
 * Renders one widget into its own root element inside `host` (the host's other children are left alone), with
 * its theme, its appearance variables scoped by a data attribute, and its events on the host element.
 */
export function mountInstance(host: Element, options: CheckoutOptions): Instance {
  const doc = host.ownerDocument;
  const win = doc.defaultView as Window & typeof globalThis;
  const id = `ck${++instances}`;
  injectStylesheet(doc, stylesheetUrl());
  const root = doc.createElement('div');
  root.className = 'ck-root';
  root.setAttribute('data-ck', id);
  host.appendChild(root);

  let current = options;
  let removeAppearance = () => {};
  const dispatch = (name: string, detail?: unknown) =>
    host.dispatchEvent(new win.CustomEvent(`checkout:${name}`, { bubbles: true, detail }));
  const fingerprint = pageFingerprint(win);
  const notify: Notify = {
    ready: () => {
      safely(() => {
        current.onReady?.();
        dispatch('ready');
      });
      // Only now, with the form shown and `ready` told: the code Pay needs (the after-Pay chunk, fetched while the
      // shopper types; a failure here is retried by Pay itself) and the fingerprint, whose chunk must not delay
      // the first render either (device/fingerprint.ts).
      loadAfterPay().catch(() => {});
      void fingerprint.start();
    },
    completed: (result) =>
      safely(() => {
        current.onCompleted?.(result);
        dispatch('completed', result);
      }),
    error: (error) =>
      safely(() => {
        current.onError?.(error);
        dispatch('error', error);
      }),
  };
  // the shopper's language on the root: screen readers pronounce it, and `dir` mirrors the layout for Arabic
  const onLanguage = (lang: string, dir: string) => {
    root.setAttribute('lang', lang);
    root.setAttribute('dir', dir);
  };

  const draw = () => {
    root.setAttribute('data-theme', current.appearance?.theme === 'dark' ? 'dark' : 'light');
    removeAppearance();
    removeAppearance = applyAppearance(doc, `.ck-root[data-ck="${id}"]`, current.appearance?.variables);
    const apiBase = (current.apiBase ?? defaultApiBase()).replace(/\/+$/, '');
    render(h(CheckoutApp, { options: current, apiBase, idPrefix: id, win, fingerprint, notify, onLanguage }), root);
  };
  draw();

  return {
    get session() {
      return current.session;
    },
    update(next) {
      current = next;
      draw();
    },
    submit() {
      // the form's own submit path: validation, onSubmit, one attempt at a time, exactly as the Pay button
      const form = root.querySelector<HTMLFormElement>('form.ck-form');
      form?.requestSubmit();
      return !!form;
    },
    destroy() {
      render(null, root);
      root.remove();
      removeAppearance();
    },
  };
}
