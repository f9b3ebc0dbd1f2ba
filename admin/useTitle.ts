import { useEffect } from 'preact/hooks';

/** Names the browser tab after the page, which is also what screen readers announce on navigation. */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Shop admin`;
  }, [title]);
}
