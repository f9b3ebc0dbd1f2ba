import { randomBytes } from 'node:crypto';

/** A one-time card frame link: an unguessable token and the backend URL that serves the page for it. */
export function newFrameLink(publicUrl: string): { token: string; url: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, url: `${publicUrl}/pay/frame/${token}` };
}
