import type { Permission, Role } from './roles';

/**
 * The signed-in person's account (`/admin/api/sign-in`, `/me`, ...) and the team (`/admin/api/users`, owners only),
 * as the server answers them and the admin page reads them (issue #22). No answer holds a password hash, a TOTP
 * secret (but the one enrolment shows once) or a recovery code (but the ones confirming it shows once).
 */

/** `GET /admin/api/me` and `POST /admin/api/sign-in`: who is signed in and what the role may do. */
export interface Me {
  kind: 'user' | 'key' | 'env';
  label: string;
  role: Role;
  permissions: Permission[];
  totp_enabled: boolean;
  /** an owner in production without two-factor sign-in: only enrolment is open until it is set up */
  enrolment_required: boolean;
}

/** `POST /admin/api/welcome`: the password is set; the page signs in with it. */
export interface Welcomed {
  email: string;
}

/** `POST /admin/api/sign-out-everywhere`: how many sessions ended. */
export interface SignedOutEverywhere {
  ended: number;
}

/** `POST /admin/api/me/totp`: a new secret to enrol (not on until confirmed). */
export interface TotpEnrolment {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

/** `POST /admin/api/me/totp/confirm`: on, with the recovery codes, shown this once. */
export interface TotpConfirmed {
  totp_enabled: true;
  recovery_codes: string[];
}

/** `POST /admin/api/me/password`. */
export interface PasswordChanged {
  changed: true;
}

/** A person of the team as `GET /admin/api/users` lists them. */
export interface TeamMember {
  id: string;
  email: string;
  role: string;
  disabled: boolean;
  totp_enabled: boolean;
  /** a password was set (a new user has only a one-time link until then) */
  password_set: boolean;
  failed_sign_ins: number;
  locked_until: string | null;
  last_sign_in_at: string | null;
  created_at: string;
}

/** A one-time link to set a password, for the owner to pass on. */
export interface SignInLink {
  url: string;
  expires_at: string;
}

/** `GET /admin/api/users`. */
export interface TeamList {
  users: TeamMember[];
}

/** `PATCH /admin/api/users/:id`, `POST .../reset-2fa`, `POST .../unlock`: the person after the change. */
export interface TeamMemberChanged {
  user: TeamMember;
}

/** `POST /admin/api/users` (201) and `POST .../reset-password`: the person and their one-time link. */
export interface TeamMemberWithLink {
  user: TeamMember;
  sign_in_link: SignInLink;
}
