/**
 * The origin of the gateway's hosted card page, which the card frame shows after its auto-post: the widget takes
 * height messages from it (the page's own origin, not the backend's). None for a stored form that cannot say.
 */
export function frameOriginOf(frameForm: string | null | undefined): string | undefined {
  try {
    return actionOrigin(frameForm ? (JSON.parse(frameForm) as { action?: unknown }).action : undefined);
  } catch {
    return undefined;
  }
}

/** The same from the form's action itself, for the form just read (createPayment: no need to parse it back). */
export function actionOrigin(action: unknown): string | undefined {
  if (typeof action !== 'string') return undefined;
  return URL.canParse(action) ? new URL(action).origin : undefined;
}
