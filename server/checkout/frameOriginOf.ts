/**
 * The origin of the gateway's hosted card page, which the card frame shows after its auto-post: the widget takes
 * height messages from it (the page's own origin, not the backend's). None for a stored form that cannot say.
 */
export function frameOriginOf(frameForm: string | null | undefined): string | undefined {
  try {
    const action = frameForm ? (JSON.parse(frameForm) as { action?: unknown }).action : undefined;
    return typeof action === 'string' ? new URL(action).origin : undefined;
  } catch {
    return undefined;
  }
}
