import { newToken } from '../ids';

/** A one-time card frame link: an unguessable token and the backend URL that serves the page for it. */
export function newFrameLink(publicUrl: string): { token: string; url: string } {
  const token = newToken();
  return { token, url: `${publicUrl}/pay/frame/${token}` };
}
